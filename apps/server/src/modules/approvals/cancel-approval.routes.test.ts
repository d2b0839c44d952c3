/**
 * The maker of a four-eyes request may cancel it while it waits (docs/decisions/057): nothing moves,
 * nobody else decided it, and a request whose only other decider has gone is no longer stuck. On
 * PGlite by default; on PostgreSQL (racing decisions on real row locks) with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run --project server apps/server/src/modules/approvals/cancel-approval.routes.test.ts
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';

const t = useTestApp();
const maker = useSignedInUser(t, { role: 'accountant', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'admin', name: 'Carl Checker' });
const support = useSignedInUser(t, { role: 'support', name: 'Sam Support' });

type Staff = { user: TestUser; browser: Browser };

beforeEach(async () => {
  await requireSiteSettings(t.db);
  // The default: $1,000.
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 100_000n }).where(eq(siteSettings.id, 1));
  await t.db.update(users).set({ role: 'admin', status: 'active' }).where(eq(users.id, checker.user.id));
  await t.db.update(users).set({ status: 'active' }).where(eq(users.role, 'owner'));
});

async function waitingDebit(userId: string, amount = '1500'): Promise<string> {
  const res = await maker.browser.post(`/api/admin/users/${userId}/adjustments`, {
    direction: 'debit',
    amount,
    reason: `Debit of ${amount}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().state).toBe('awaiting_approval');
  return res.json().approval.id;
}

function decide(
  as: Staff,
  id: string,
  action: 'approve' | 'reject' | 'cancel',
  reason = 'Typed the wrong amount',
) {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason });
}

async function cashOf(userId: string): Promise<string> {
  const res = await checker.browser.request({ method: 'GET', url: `/api/admin/users/${userId}` });
  return res.json().balances.available;
}

describe('the maker cancels their own waiting request', () => {
  test('nothing moves; closed as cancelled with their reason and no checker; audited; final', async () => {
    const customer = await insertFundedCustomer(t, 200_000n);
    const id = await waitingDebit(customer.user.id);
    const res = await decide(maker, id, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      checker: null,
      checkerReason: 'Typed the wrong amount',
      decidedAt: expect.any(String),
    });
    expect(await cashOf(customer.user.id)).toBe('2000.00');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.cancel'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({
      actorId: maker.user.id,
      subjectUserId: customer.user.id,
      reason: 'Typed the wrong amount',
      before: { status: 'awaiting', kind: 'adjustment', amount: '1500.00' },
      after: { status: 'cancelled' },
    });
    for (const action of ['approve', 'reject'] as const) {
      const late = await decide(checker, id, action);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().message).toBe('This request was already cancelled.');
    }
    expect((await decide(maker, id, 'cancel')).statusCode).toBe(409);
  });

  test('a cancelled debit no longer claims the cash: a debit that fits only without it is accepted', async () => {
    const customer = await insertFundedCustomer(t, 200_000n);
    const id = await waitingDebit(customer.user.id);
    const refused = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'debit',
      amount: '1000',
      reason: 'A second debit',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect((await decide(maker, id, 'cancel')).statusCode).toBe(200);
    const accepted = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'debit',
      amount: '1000',
      reason: 'A second debit',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  test('nobody else cancels it: a checker rejects instead (403), a role that decides nothing is refused', async () => {
    const customer = await insertFundedCustomer(t, 200_000n);
    const id = await waitingDebit(customer.user.id);
    const other = await decide(checker, id, 'cancel');
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json().message).toBe(
      'Only the staff member who made this request can cancel it; reject it instead.',
    );
    expect((await decide(support, id, 'cancel')).statusCode).toBe(403);
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });

  test('a decided request cannot be cancelled (409); nothing changes', async () => {
    const customer = await insertFundedCustomer(t, 200_000n);
    const id = await waitingDebit(customer.user.id);
    expect((await decide(checker, id, 'approve', 'Matches the ticket')).statusCode).toBe(200);
    const res = await decide(maker, id, 'cancel');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This request was already approved.');
    expect(await cashOf(customer.user.id)).toBe('500.00');
  });

  test('when the only other decider has gone, the maker cancels and asks again: carried out alone, on record', async () => {
    const customer = await insertFundedCustomer(t, 200_000n);
    const id = await waitingDebit(customer.user.id);
    // Every other staff member who could approve it loses that power (support decides nothing).
    await t.db.update(users).set({ role: 'support' }).where(eq(users.id, checker.user.id));
    const others = await t.db.select().from(users).where(eq(users.role, 'owner'));
    for (const owner of others)
      await t.db.update(users).set({ status: 'closed' }).where(eq(users.id, owner.id));
    expect((await decide(maker, id, 'cancel')).statusCode).toBe(200);
    const again = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'debit',
      amount: '1500',
      reason: 'Debit of 1500',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'completed', fourEyes: 'no_second_decider' });
    expect(await cashOf(customer.user.id)).toBe('500.00');
  });

  test('a cancel and an approval at once: exactly one of them decides it', async () => {
    const customer = await insertFundedCustomer(t, 200_000n);
    const id = await waitingDebit(customer.user.id);
    const answers = await Promise.all([
      decide(maker, id, 'cancel'),
      decide(checker, id, 'approve', 'Matches the ticket'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(await cashOf(customer.user.id)).toBe(row?.status === 'approved' ? '500.00' : '2000.00');
  });
});
