import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';

/**
 * A manual debit that no approval could carry out is refused when it is asked, not left waiting:
 * the customer's cash must cover it together with the debits already awaiting a second approval
 * (docs/decisions/048, section of 2026-11-29; QA finding 3).
 */
let laterMs = 0;
const t = useTestApp({}, { clock: () => new Date(Date.now() + laterMs) });
const maker = useSignedInUser(t, { role: 'accountant', name: 'Mona Maker' });
const other = useSignedInUser(t, { role: 'admin', name: 'Omar Other' });
const checker = useSignedInUser(t, { role: 'accountant', name: 'Carl Checker' });

const HOUR_MS = 60 * 60 * 1000;
const REFUSED = { code: 'INSUFFICIENT_FUNDS', message: 'A debit cannot take the balance below zero' };

type Staff = { user: TestUser; browser: Browser };

beforeEach(async () => {
  laterMs = 0;
  await requireSiteSettings(t.db);
  // The default: $1,000.
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 100_000n }).where(eq(siteSettings.id, 1));
});

function adjust(as: Staff, userId: string, direction: 'credit' | 'debit', amount: string) {
  return as.browser.post(`/api/admin/users/${userId}/adjustments`, {
    direction,
    amount,
    reason: `${direction} of ${amount}`,
  });
}

async function stateOf(as: Staff, userId: string, direction: 'credit' | 'debit', amount: string) {
  const res = await adjust(as, userId, direction, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().state as 'completed' | 'awaiting_approval';
}

async function expectRefused(as: Staff, userId: string, amount: string) {
  const res = await adjust(as, userId, 'debit', amount);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual(REFUSED);
}

async function customerWith(cents: bigint): Promise<string> {
  return (await insertFundedCustomer(t, cents)).user.id;
}

function approvalsOf(userId: string) {
  return t.db.select().from(approvals).where(eq(approvals.userId, userId));
}

async function cashOf(userId: string): Promise<string> {
  const res = await checker.browser.request({ method: 'GET', url: `/api/admin/users/${userId}` });
  return res.json().balances.available;
}

describe('a debit above the threshold that the cash cannot cover is refused when it is asked', () => {
  test('$99,999 on $349.85: 422 in the words of an immediate debit; nothing waits, nothing is recorded', async () => {
    const id = await customerWith(349_85n);
    await expectRefused(maker, id, '99999');
    expect(await approvalsOf(id)).toEqual([]);
    const requests = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, id), eq(auditLog.action, 'approval.request')));
    expect(requests).toEqual([]);
    expect(await cashOf(id)).toBe('349.85');
  });

  test('and it does not count in the four-eyes total: a $5 credit afterwards is carried out at once', async () => {
    const id = await customerWith(349_85n);
    await expectRefused(maker, id, '99999');
    expect(await stateOf(maker, id, 'credit', '5')).toBe('completed');
  });

  test('a debit of the whole cash still waits for its approval, and is carried out once approved', async () => {
    const id = await customerWith(1_500_00n);
    const res = await adjust(maker, id, 'debit', '1500');
    expect(res.json().state).toBe('awaiting_approval');
    const decided = await checker.browser.post(`/api/admin/approvals/${res.json().approval.id}/approve`, {
      reason: 'Chargeback checked',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await cashOf(id)).toBe('0.00');
  });
});

describe('the debits already waiting count against the cash', () => {
  test('two waiting debits cannot together exceed it: $1,200 waits, a second $1,200 is refused, $300 waits', async () => {
    const id = await customerWith(1_500_00n);
    expect(await stateOf(maker, id, 'debit', '1200')).toBe('awaiting_approval');
    await expectRefused(other, id, '1200');
    expect(await stateOf(other, id, 'debit', '300')).toBe('awaiting_approval');
    await expectRefused(maker, id, '0.01');
    expect((await approvalsOf(id)).map((row) => Number(row.amountMinor)).sort((a, b) => a - b)).toEqual([
      30_000, 120_000,
    ]);
  });

  test('however old: a debit carried out at once must leave the cash for those still waiting', async () => {
    const id = await customerWith(1_500_00n);
    expect(await stateOf(maker, id, 'debit', '1200')).toBe('awaiting_approval');
    // A day later the waiting debit is out of the four-eyes window, but it still waits to be decided.
    laterMs = 25 * HOUR_MS;
    await expectRefused(maker, id, '400');
    expect(await stateOf(maker, id, 'debit', '300')).toBe('completed');
    expect(await cashOf(id)).toBe('1200.00');
  });

  test('a rejected debit no longer counts', async () => {
    const id = await customerWith(1_500_00n);
    const first = await adjust(maker, id, 'debit', '1200');
    await expectRefused(maker, id, '1200');
    const rejected = await checker.browser.post(`/api/admin/approvals/${first.json().approval.id}/reject`, {
      reason: 'No ticket',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await stateOf(maker, id, 'debit', '1200')).toBe('awaiting_approval');
  });

  test('a credit still waiting adds nothing to the cash a debit is judged against', async () => {
    const id = await customerWith(100_00n);
    expect(await stateOf(maker, id, 'credit', '5000')).toBe('awaiting_approval');
    await expectRefused(maker, id, '200');
  });

  test('another customer’s waiting debits do not count', async () => {
    const first = await customerWith(1_500_00n);
    const second = await customerWith(1_500_00n);
    expect(await stateOf(maker, first, 'debit', '1500')).toBe('awaiting_approval');
    expect(await stateOf(maker, second, 'debit', '1500')).toBe('awaiting_approval');
  });

  test('debits asked at the same moment take turns: of four $1,000 debits on $1,500, one is carried out and three are refused', async () => {
    const id = await customerWith(1_500_00n);
    // $1,000 each, at the threshold: the first is carried out alone; the cash covers no second one.
    const answers = await Promise.all(
      [maker, other, maker, other].map((as) => adjust(as, id, 'debit', '1000')),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 422, 422, 422]);
    const passed = answers.find((res) => res.statusCode === 200)?.json();
    expect(passed.state).toBe('completed');
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, id), eq(journalEntries.kind, 'adjustment')));
    expect(entries).toHaveLength(1);
    expect(await cashOf(id)).toBe('500.00');
  });

  test('waiting debits asked at the same moment take turns: of four $1,200 debits on $2,500, two wait', async () => {
    const id = await customerWith(2_500_00n);
    const answers = await Promise.all(
      [maker, other, maker, other].map((as) => adjust(as, id, 'debit', '1200')),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 200, 422, 422]);
    const waiting = await approvalsOf(id);
    expect(waiting.map((row) => [row.status, row.amountMinor])).toEqual([
      ['awaiting', 120_000n],
      ['awaiting', 120_000n],
    ]);
  });
});
