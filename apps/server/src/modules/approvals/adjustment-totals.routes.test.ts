import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';

/**
 * Four-eyes counts a customer's manual adjustments of the last 24 hours together (docs/decisions/048):
 * one staff member cannot split a large adjustment into small ones that each pass alone.
 */
/** The app's clock: real time moved on by `laterMs` (the ledger's own times are the database's). */
let laterMs = 0;
const t = useTestApp({}, { clock: () => new Date(Date.now() + laterMs) });
const maker = useSignedInUser(t, { role: 'accountant', name: 'Mona Maker' });
const other = useSignedInUser(t, { role: 'admin', name: 'Omar Other' });
const checker = useSignedInUser(t, { role: 'accountant', name: 'Carl Checker' });

const HOUR_MS = 60 * 60 * 1000;

type Staff = { user: TestUser; browser: Browser };

async function setThreshold(cents: bigint): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: cents }).where(eq(siteSettings.id, 1));
}

beforeEach(async () => {
  laterMs = 0;
  await setThreshold(100_000n); // the default: $1,000
  await setWithdrawalLimits(t.db, 0n, 0);
});

async function adjust(as: Staff, userId: string, direction: 'credit' | 'debit', amount: string) {
  const res = await as.browser.post(`/api/admin/users/${userId}/adjustments`, {
    direction,
    amount,
    reason: `${direction} of ${amount}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { state: 'completed' | 'awaiting_approval'; approval: { id: string } | null };
}

async function stateOf(as: Staff, userId: string, direction: 'credit' | 'debit', amount: string) {
  return (await adjust(as, userId, direction, amount)).state;
}

async function customerId(cents = 0n): Promise<string> {
  return (await insertFundedCustomer(t, cents)).user.id;
}

describe('a customer’s manual adjustments of the last 24 hours count together', () => {
  test('a second $600 credit by the same staff member waits: $1,200 together is above $1,000', async () => {
    const id = await customerId();
    expect(await stateOf(maker, id, 'credit', '600')).toBe('completed');
    const second = await adjust(maker, id, 'credit', '600');
    expect(second.state).toBe('awaiting_approval');
    const [row] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, second.approval?.id ?? ''));
    expect(row).toMatchObject({ kind: 'adjustment', status: 'awaiting', amountMinor: 60_000n });
  });

  test('whoever makes them: the total is the customer’s, not the staff member’s', async () => {
    const id = await customerId();
    expect(await stateOf(maker, id, 'credit', '600')).toBe('completed');
    expect(await stateOf(other, id, 'credit', '600')).toBe('awaiting_approval');
  });

  test('credits and debits add up by their size: a $500 credit then a $600 debit waits', async () => {
    const id = await customerId(1_000_00n);
    expect(await stateOf(maker, id, 'credit', '500')).toBe('completed');
    expect(await stateOf(maker, id, 'debit', '600')).toBe('awaiting_approval');
  });

  test('up to the threshold they pass alone; one cent more waits', async () => {
    const id = await customerId();
    expect(await stateOf(maker, id, 'credit', '500')).toBe('completed');
    expect(await stateOf(maker, id, 'credit', '500')).toBe('completed');
    expect(await stateOf(maker, id, 'credit', '0.01')).toBe('awaiting_approval');
  });

  test('a request awaiting approval counts; once rejected it no longer does', async () => {
    const id = await customerId();
    const big = await adjust(maker, id, 'credit', '5000');
    expect(big.state).toBe('awaiting_approval');
    expect(await stateOf(maker, id, 'credit', '10')).toBe('awaiting_approval');
    for (const row of await t.db.select().from(approvals).where(eq(approvals.userId, id))) {
      const res = await checker.browser.post(`/api/admin/approvals/${row.id}/reject`, {
        reason: 'No ticket',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await stateOf(maker, id, 'credit', '10')).toBe('completed');
  });

  test('an approved adjustment counts from when it was carried out', async () => {
    const id = await customerId();
    const big = await adjust(maker, id, 'credit', '1500');
    const res = await checker.browser.post(`/api/admin/approvals/${big.approval?.id}/approve`, {
      reason: 'Ticket checked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(maker, id, 'credit', '10')).toBe('awaiting_approval');
  });

  test('23 hours later they still count, completed and awaiting', async () => {
    const id = await customerId();
    expect(await stateOf(maker, id, 'credit', '900')).toBe('completed');
    expect(await stateOf(maker, id, 'credit', '5000')).toBe('awaiting_approval');
    laterMs = 23 * HOUR_MS;
    expect(await stateOf(maker, id, 'credit', '10')).toBe('awaiting_approval');
  });

  test('a day and a minute later they no longer count, completed or awaiting', async () => {
    const id = await customerId();
    expect(await stateOf(maker, id, 'credit', '900')).toBe('completed');
    expect(await stateOf(maker, id, 'credit', '5000')).toBe('awaiting_approval');
    laterMs = 24 * HOUR_MS + 60_000;
    expect(await stateOf(maker, id, 'credit', '900')).toBe('completed');
  });

  test('another customer’s adjustments do not count', async () => {
    const first = await customerId();
    const second = await customerId();
    expect(await stateOf(maker, first, 'credit', '900')).toBe('completed');
    expect(await stateOf(maker, second, 'credit', '900')).toBe('completed');
  });

  test('a threshold of 0 turns it off', async () => {
    await setThreshold(0n);
    const id = await customerId();
    for (let i = 0; i < 3; i += 1) expect(await stateOf(maker, id, 'credit', '90000')).toBe('completed');
  });

  test('withdrawal approvals keep the per-request rule: two $900 withdrawals of one customer are approved at once', async () => {
    const customer = await insertFundedCustomer(t, 2_000_00n);
    for (let i = 0; i < 2; i += 1) {
      const asked = await requestWithdrawal(customer.browser, { amount: '900', ...PAYOUTS.bank });
      expect(asked.statusCode, asked.body).toBe(200);
      const res = await maker.browser.post(`/api/admin/withdrawals/${asked.json().id}/approve`, {
        reason: 'Payout checked',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'approved', awaitingApproval: null });
    }
  });

  test('adjustments made at the same moment take turns: of four $900 credits, one passes alone', async () => {
    const id = await customerId();
    const answers = await Promise.all(
      [maker, other, maker, other].map((as) => adjust(as, id, 'credit', '900')),
    );
    const states = answers.map((answer) => answer.state).sort();
    expect(states).toEqual(['awaiting_approval', 'awaiting_approval', 'awaiting_approval', 'completed']);
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, id), eq(journalEntries.kind, 'adjustment')));
    expect(entries).toHaveLength(1);
  });
});
