import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { insertSignedInUser, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';

const t = useTestApp();
const maker = useSignedInUser(t, { role: 'accountant', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'accountant', name: 'Carl Checker' });
const owner = useSignedInUser(t, { role: 'owner', name: 'Olga Owner' });
const support = useSignedInUser(t, { role: 'support' });
const compliance = useSignedInUser(t, { role: 'compliance' });

async function setThreshold(cents: bigint): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: cents }).where(eq(siteSettings.id, 1));
}

beforeEach(async () => {
  await setThreshold(100_000n); // the default: $1,000
  await setWithdrawalLimits(t.db, 0n, 0);
});

type Staff = { user: TestUser; browser: Browser };

function adjust(as: Staff, userId: string, body: object, key?: string) {
  return as.browser.post(`/api/admin/users/${userId}/adjustments`, body, key);
}

function decide(
  as: Staff,
  id: string,
  action: 'approve' | 'reject',
  reason = 'Checked the ticket',
  key?: string,
) {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason }, key);
}

async function cashOf(userId: string): Promise<string> {
  const res = await owner.browser.request({ method: 'GET', url: `/api/admin/users/${userId}` });
  return res.json().balances.available;
}

async function adjustmentEntries(userId: string) {
  return t.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'adjustment')));
}

/** The customer's notices of an approved withdrawal. */
async function approvalNoticesOf(userId: string) {
  return t.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), like(mailOutbox.subject, 'Candor: withdrawal of % approved')));
}

async function auditRowsAbout(userId: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
}

/** A customer with `cents` and a pending withdrawal of `amount`. */
async function pendingWithdrawal(cents: bigint, amount: string): Promise<{ customer: Staff; id: string }> {
  const customer = await insertFundedCustomer(t, cents);
  const res = await requestWithdrawal(customer.browser, { amount, ...PAYOUTS.bank });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('pending');
  return { customer, id: res.json().id };
}

/** The maker's approval of a withdrawal, with its reason (required since decision 044). */
function approveWithdrawal(as: Staff, id: string, key?: string, reason = 'Customer confirmed by phone') {
  return as.browser.post(`/api/admin/withdrawals/${id}/approve`, { reason }, key);
}

function readWithdrawal(id: string) {
  return owner.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` });
}

describe('manual adjustments above the threshold', () => {
  test('wait for a second approval: 200 with state awaiting_approval, and nothing moves', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const res = await adjust(maker, customer.user.id, {
      direction: 'credit',
      amount: '5000',
      reason: 'Compensation for outage',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      state: 'awaiting_approval',
      entryId: null,
      balances: { available: '0.00' },
      approval: {
        kind: 'adjustment',
        status: 'awaiting',
        amount: '5000.00',
        direction: 'credit',
        email: customer.user.email.toLowerCase(),
        maker: { id: maker.user.id, name: 'Mona Maker', role: 'accountant' },
        makerReason: 'Compensation for outage',
        checker: null,
      },
    });
    expect(await cashOf(customer.user.id)).toBe('0.00');
    expect(await adjustmentEntries(customer.user.id)).toHaveLength(0);
    const [request] = await auditRowsAbout(customer.user.id, 'approval.request');
    expect(request).toMatchObject({
      actorId: maker.user.id,
      approverId: null,
      reason: 'Compensation for outage',
    });
  });

  test('at or below the threshold they happen at once', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const res = await adjust(maker, customer.user.id, {
      direction: 'credit',
      amount: '1000',
      reason: 'At the limit',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'completed', entryId: expect.any(String), approval: null });
    expect(await cashOf(customer.user.id)).toBe('1000.00');
    const waiting = await t.db.select().from(approvals).where(eq(approvals.userId, customer.user.id));
    expect(waiting).toHaveLength(0);
  });

  test('a threshold of 0 turns four-eyes off', async () => {
    await setThreshold(0n);
    const customer = await insertFundedCustomer(t, 0n);
    const res = await adjust(maker, customer.user.id, {
      direction: 'credit',
      amount: '250000',
      reason: 'Big one',
    });
    expect(res.json()).toMatchObject({ state: 'completed' });
    expect(await cashOf(customer.user.id)).toBe('250000.00');
  });

  test('the maker can neither approve nor reject their own request (403 MAKER_CANNOT_APPROVE)', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const id = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '2000', reason: 'Mine' })
    ).json().approval.id;
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(maker, id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAKER_CANNOT_APPROVE');
    }
    expect(await cashOf(customer.user.id)).toBe('0.00');
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });

  test('staff without the kind’s permission cannot decide (403): support, compliance', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const id = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '2000', reason: 'Role' })
    ).json().approval.id;
    for (const who of [support, compliance]) {
      const res = await decide(who, id, 'approve');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await who.browser.request({ method: 'GET', url: '/api/admin/approvals' })).statusCode).toBe(
        403,
      );
    }
    expect(await cashOf(customer.user.id)).toBe('0.00');
  });

  test('a second staff member approves: the money moves once, both names on the audit row and in the staff view of the statement, none on the customer’s', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const id = (
      await adjust(maker, customer.user.id, {
        direction: 'credit',
        amount: '5000',
        reason: 'Goodwill credit',
      })
    ).json().approval.id;
    const mailOf = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, customer.user.id));
    // Nothing moved yet, so nothing is told yet.
    expect(await mailOf()).toEqual([]);
    const key = randomUUID();
    const res = await decide(checker, id, 'approve', 'Ticket 42 verified', key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      entryId: expect.any(String),
      checker: { id: checker.user.id, name: 'Carl Checker', role: 'accountant' },
      checkerReason: 'Ticket 42 verified',
      decidedAt: expect.any(String),
    });
    // An idempotent retry answers the same and moves nothing again.
    const retry = await decide(checker, id, 'approve', 'Ticket 42 verified', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(res.json());
    // A second approval without the key is refused: already decided.
    const again = await decide(owner, id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_DECIDED');

    expect(await cashOf(customer.user.id)).toBe('5000.00');
    const entries = await adjustmentEntries(customer.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.description).toBe('Goodwill credit — made by Mona Maker, approved by Carl Checker');
    expect(entries[0]?.reference).toEqual({ approval: id });

    // The customer's statement line is the maker's reason, as for any adjustment and as the notice
    // below says it: no staff name. Staff, on the user page, read who made and who approved it.
    const statement = await customer.browser.request({ method: 'GET', url: '/api/me/statement' });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().items.map((entry: { description: string }) => entry.description)).toEqual([
      'Goodwill credit',
    ]);
    for (const name of ['Mona Maker', 'Carl Checker']) expect(statement.body).not.toContain(name);
    const userPage = await owner.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}`,
    });
    expect(userPage.json().recentEntries.items[0]).toMatchObject({
      kind: 'adjustment',
      description: 'Goodwill credit — made by Mona Maker, approved by Carl Checker',
    });

    // Carrying it out mails the customer once (the retry did not): the maker's reason as written,
    // and no staff name.
    const mails = await mailOf();
    expect(mails.map((mail) => mail.subject)).toEqual(['Candor: your balance was credited $5,000.00']);
    expect(mails[0]?.textBody).toContain('Reason: Goodwill credit\n');
    for (const name of ['Mona Maker', 'Carl Checker', 'Ticket 42']) {
      expect(`${mails[0]?.textBody}${mails[0]?.htmlBody}`).not.toContain(name);
    }

    const audits = await auditRowsAbout(customer.user.id, 'user.adjustment');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: maker.user.id,
      actorRole: 'accountant',
      approverId: checker.user.id,
      approverRole: 'accountant',
      reason: 'Goodwill credit',
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  test('a rejection with a reason moves nothing and is audited; a reason is required', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const id = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '3000', reason: 'Maybe' })
    ).json().approval.id;
    const blank = await decide(checker, id, 'reject', '   ');
    expect(blank.statusCode).toBe(400);
    const res = await decide(checker, id, 'reject', 'No ticket for this');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      checkerReason: 'No ticket for this',
      entryId: null,
    });
    expect(await cashOf(customer.user.id)).toBe('0.00');
    expect(await adjustmentEntries(customer.user.id)).toHaveLength(0);
    const [row] = await auditRowsAbout(customer.user.id, 'approval.reject');
    expect(row).toMatchObject({ actorId: checker.user.id, reason: 'No ticket for this', targetId: id });
    expect((await decide(owner, id, 'approve')).json().code).toBe('ALREADY_DECIDED');
  });

  test('at approval time a debit still cannot take the balance below zero', async () => {
    const customer = await insertFundedCustomer(t, 5_500_00n);
    const id = (
      await adjust(maker, customer.user.id, { direction: 'debit', amount: '5000', reason: 'Chargeback' })
    ).json().approval.id;
    // Meanwhile the customer's available cash shrinks below the debit: they ask to withdraw some.
    const withdrawal = await requestWithdrawal(customer.browser, { amount: '600.01', ...PAYOUTS.bank });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await cashOf(customer.user.id)).toBe('4899.99');
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });

  test('a reason stored before the screen is screened when approved: 422 PAYMENT_DEMAND as its request would get, and it keeps waiting', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const id = (
      await adjust(maker, customer.user.id, {
        direction: 'credit',
        amount: '2000',
        reason: 'Goodwill credit',
      })
    ).json().approval.id;
    // Stored before the screen caught it: the reason the customer would read on the statement.
    const demand = 'Your withdrawal stays on hold until the service charge of $300 is settled';
    await t.db
      .update(approvals)
      .set({ request: { direction: 'credit', reason: demand }, makerReason: demand })
      .where(eq(approvals.id, id));
    const asked = await adjust(maker, customer.user.id, {
      direction: 'credit',
      amount: '2000',
      reason: demand,
    });
    expect(asked.statusCode).toBe(422);

    const res = await decide(checker, id, 'approve');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(asked.json());
    expect(res.json().code).toBe('PAYMENT_DEMAND');
    expect(await cashOf(customer.user.id)).toBe('0.00');
    expect(await adjustmentEntries(customer.user.id)).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, customer.user.id))).toHaveLength(
      0,
    );
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row).toMatchObject({ status: 'awaiting', checkerId: null, entryId: null });
    // It is rejected instead.
    expect((await decide(checker, id, 'reject', 'The reason asks the customer to pay')).statusCode).toBe(200);
  });

  test('ten racing approvals move the money once', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const id = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '7500', reason: 'Race' })
    ).json().approval.id;
    const checkers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => insertSignedInUser(t, { role: i % 2 ? 'admin' : 'accountant' })),
    );
    const answers = await Promise.all(checkers.map((who) => decide(who, id, 'approve')));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await cashOf(customer.user.id)).toBe('7500.00');
    expect(await adjustmentEntries(customer.user.id)).toHaveLength(1);
    // Told once: the refused approvals rolled their mail back with them.
    const told = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, customer.user.id));
    expect(told.map((mail) => mail.subject)).toEqual(['Candor: your balance was credited $7,500.00']);
  });
});

describe('withdrawal approvals above the threshold', () => {
  test('wait: the withdrawal stays pending, shows its waiting approval, and nothing moves', async () => {
    const { customer, id } = await pendingWithdrawal(10_000_00n, '4000');
    const key = randomUUID();
    const res = await approveWithdrawal(maker, id, key);
    expect(res.statusCode, res.body).toBe(200);
    // A retry with the same Idempotency-Key answers the same and records no second request.
    const retry = await approveWithdrawal(maker, id, key);
    expect(retry.json()).toEqual(res.json());
    expect(await t.db.select().from(approvals).where(eq(approvals.withdrawalId, id))).toHaveLength(1);
    expect(res.json()).toMatchObject({
      status: 'pending',
      awaitingApproval: { id: expect.any(String), maker: { id: maker.user.id, name: 'Mona Maker' } },
    });
    const list = await owner.browser.request({
      method: 'GET',
      url: `/api/admin/withdrawals?search=${customer.user.email}`,
    });
    expect(list.json().items[0]).toMatchObject({ id, status: 'pending', awaitingApproval: true });
    const balances = (await customer.browser.request({ method: 'GET', url: '/api/me/balances' })).json();
    expect(balances).toMatchObject({ available: '6000.00', reserved: '4000.00' });

    // While it waits, a second approve or a reject of the withdrawal is refused clearly.
    for (const action of ['approve', 'reject'] as const) {
      const again = await checker.browser.post(`/api/admin/withdrawals/${id}/${action}`, { reason: 'No' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('AWAITING_SECOND_APPROVAL');
    }
  });

  test('at or below the threshold it is approved at once', async () => {
    const { id } = await pendingWithdrawal(5_000_00n, '1000');
    const res = await approveWithdrawal(maker, id);
    expect(res.json()).toMatchObject({ status: 'approved', awaitingApproval: null });
  });

  test("the maker's reason is the request's: the checker reads it, and the request's audit row has it", async () => {
    const { customer, id } = await pendingWithdrawal(10_000_00n, '4000');
    const res = await approveWithdrawal(maker, id, undefined, '  Long-standing customer, payout verified  ');
    expect(res.statusCode, res.body).toBe(200);
    const approvalId = res.json().awaitingApproval.id;
    const list = (await checker.browser.request({ method: 'GET', url: '/api/admin/approvals' })).json();
    expect(list.items.find((item: { id: string }) => item.id === approvalId)).toMatchObject({
      kind: 'withdrawal_approval',
      makerReason: 'Long-standing customer, payout verified',
    });
    const [request] = await auditRowsAbout(customer.user.id, 'approval.request');
    expect(request).toMatchObject({
      actorId: maker.user.id,
      reason: 'Long-standing customer, payout verified',
    });
  });

  test('a second approval without a reason is refused (400): nothing moves, the request still waits', async () => {
    const { customer, id } = await pendingWithdrawal(10_000_00n, '4000');
    const approvalId = (await approveWithdrawal(maker, id)).json().awaitingApproval.id;
    for (const body of [undefined, {}, { reason: '  ' }]) {
      const res = await checker.browser.post(
        `/api/admin/approvals/${approvalId}/approve`,
        body,
        randomUUID(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('Reason is required'),
      });
    }
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(row).toMatchObject({ status: 'awaiting', checkerId: null });
    expect((await readWithdrawal(id)).json()).toMatchObject({ status: 'pending' });
    const balances = (await customer.browser.request({ method: 'GET', url: '/api/me/balances' })).json();
    expect(balances).toMatchObject({ available: '6000.00', reserved: '4000.00' });
    expect(await auditRowsAbout(customer.user.id, 'withdrawal.approve')).toHaveLength(0);
  });

  test('a second staff member approves: settled once, maker and checker on the audit row', async () => {
    const { customer, id } = await pendingWithdrawal(10_000_00n, '4000');
    const approvalId = (await approveWithdrawal(maker, id)).json().awaitingApproval.id;
    // While it waits, the customer is told nothing: nothing was decided yet.
    expect(await approvalNoticesOf(customer.user.id)).toHaveLength(0);
    expect((await decide(maker, approvalId, 'approve')).json().code).toBe('MAKER_CANNOT_APPROVE');
    expect((await decide(support, approvalId, 'approve')).statusCode).toBe(403);
    const res = await decide(checker, approvalId, 'approve', 'Payout checked');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'withdrawal_approval', status: 'approved', withdrawalId: id });
    const withdrawal = (await readWithdrawal(id)).json();
    expect(withdrawal).toMatchObject({ status: 'approved', awaitingApproval: null });
    const balances = (await customer.browser.request({ method: 'GET', url: '/api/me/balances' })).json();
    expect(balances).toMatchObject({ available: '6000.00', reserved: '0.00', total: '6000.00' });
    const audits = await auditRowsAbout(customer.user.id, 'withdrawal.approve');
    expect(audits).toHaveLength(1);
    expect(await approvalNoticesOf(customer.user.id)).toHaveLength(1);
    // The maker's reason is the payout's; the checker's is beside it (docs/decisions/017 and 044).
    expect(audits[0]).toMatchObject({
      actorId: maker.user.id,
      approverId: checker.user.id,
      approverRole: 'accountant',
      reason: 'Customer confirmed by phone',
      after: expect.objectContaining({ approvalId, approverReason: 'Payout checked' }),
    });
  });

  test('a rejected approval leaves the withdrawal pending, to be rejected (or approved again)', async () => {
    const { customer, id } = await pendingWithdrawal(10_000_00n, '4000');
    const approvalId = (await approveWithdrawal(maker, id)).json().awaitingApproval.id;
    const res = await decide(checker, approvalId, 'reject', 'Address looks wrong');
    expect(res.json()).toMatchObject({ status: 'rejected' });
    expect((await readWithdrawal(id)).json()).toMatchObject({ status: 'pending', awaitingApproval: null });
    const reject = await checker.browser.post(`/api/admin/withdrawals/${id}/reject`, {
      reason: 'Wrong address',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const balances = (await customer.browser.request({ method: 'GET', url: '/api/me/balances' })).json();
    expect(balances).toMatchObject({ available: '10000.00', reserved: '0.00' });
  });

  test('ten racing approvals settle the withdrawal once', async () => {
    const { customer, id } = await pendingWithdrawal(10_000_00n, '2500');
    const approvalId = (await approveWithdrawal(maker, id)).json().awaitingApproval.id;
    const checkers = await Promise.all(
      Array.from({ length: 10 }, () => insertSignedInUser(t, { role: 'accountant' })),
    );
    const answers = await Promise.all(checkers.map((who) => decide(who, approvalId, 'approve')));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(9);
    const balances = (await customer.browser.request({ method: 'GET', url: '/api/me/balances' })).json();
    expect(balances).toMatchObject({ available: '7500.00', reserved: '0.00', total: '7500.00' });
    expect(await auditRowsAbout(customer.user.id, 'withdrawal.approve')).toHaveLength(1);
    expect(await approvalNoticesOf(customer.user.id)).toHaveLength(1);
  });
});

describe('the Approvals list', () => {
  test('waiting requests first, oldest first, then decided ones with their checker', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const first = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '1500', reason: 'A' })
    ).json().approval.id;
    const second = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '1600', reason: 'B' })
    ).json().approval.id;
    const decided = (
      await adjust(maker, customer.user.id, { direction: 'credit', amount: '1700', reason: 'C' })
    ).json().approval.id;
    await decide(checker, decided, 'reject', 'No');
    const all: { id: string; status: string; checker: { name: string } | null }[] = [];
    for (let page = 1; ; page += 1) {
      const res = await checker.browser.request({ method: 'GET', url: `/api/admin/approvals?page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      all.push(...res.json().items);
      if (page >= res.json().pageCount) break;
    }
    const statuses = all.map((item) => item.status);
    expect(statuses.lastIndexOf('awaiting')).toBeLessThan(statuses.findIndex((s) => s !== 'awaiting'));
    const ids = all.map((item) => item.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(all.find((item) => item.id === decided)?.checker?.name).toBe('Carl Checker');
  });
});
