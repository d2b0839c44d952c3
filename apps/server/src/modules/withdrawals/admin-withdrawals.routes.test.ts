import { formatUtcMinute } from '@candor/contracts/account-security';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { readMessagesOf } from '../../test/messages.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import {
  PAYOUTS,
  readBalancesOf,
  requestWithdrawal,
  setCustomerSettings,
  setWithdrawalLimits,
} from './withdrawal-test-helpers.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
beforeEach(async () => {
  await setWithdrawalLimits(t.db, 0n, 250);
});

type Customer = { user: TestUser; browser: Browser };

async function customerWith(cents: bigint, overrides: Partial<TestUser> = {}): Promise<Customer> {
  return insertFundedCustomer(t, cents, overrides);
}

async function withdraw(customer: Customer, amount: string, payout: object = PAYOUTS.bank): Promise<string> {
  const res = await requestWithdrawal(customer.browser, { amount, ...payout });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** An approval's usual reason (required since decision 044). */
const APPROVE_REASON = 'Payout details match the customer';

/** A decision; an approval without `payload` sends the usual reason. */
function decide(id: string, action: 'approve' | 'reject' | 'release-hold', payload?: object, key?: string) {
  const body = payload ?? (action === 'approve' ? { reason: APPROVE_REASON } : undefined);
  return admin.browser.request({
    method: 'POST',
    url: `/api/admin/withdrawals/${id}/${action}`,
    ...(body ? { payload: body } : {}),
    headers: key ? { 'idempotency-key': key } : {},
  });
}

function auditRows(id: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
}

describe('the admin Withdrawals tab', () => {
  test('5 a page, newest first, searched by e-mail on the server, with the payout destination summarised', async () => {
    const tag = `tab${Date.now()}`;
    const ada = await customerWith(1_000_00n, { email: `ada.${tag}@example.test` });
    const bob = await customerWith(1_000_00n, { email: `bob.${tag}@example.test` });
    await withdraw(ada, '11', PAYOUTS.bank);
    await withdraw(ada, '12', PAYOUTS.crypto);
    await withdraw(ada, '13', PAYOUTS.paypal);
    await withdraw(ada, '14', PAYOUTS.cashapp);
    await withdraw(ada, '15', PAYOUTS.gcash);
    await withdraw(ada, '16', PAYOUTS.bank);
    await withdraw(bob, '17', PAYOUTS.crypto);

    const first = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/withdrawals?search=ada.${tag}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageCount: 2, total: 6 });
    expect(
      first
        .json()
        .items.map((i: { amount: string; methodLabel: string; address: string }) => [
          i.amount,
          i.methodLabel,
          i.address,
        ]),
    ).toEqual([
      ['16.00', 'Bank', 'First Bank 12345678'],
      ['15.00', 'GCash', '09171234567'],
      ['14.00', 'CashApp', '$ada_22'],
      ['13.00', 'Paypal', 'ada@paypal.example'],
      ['12.00', 'Bitcoin(BTC)', PAYOUTS.crypto.details.address],
    ]);
    expect(first.json().items[0]).toMatchObject({
      email: ada.user.email,
      userId: ada.user.id,
      status: 'pending',
      method: 'bank',
      // What an approval from the row pays out: 2.5 % of $16.00 is the fee.
      amount: '16.00',
      fee: '0.40',
      net: '15.60',
    });

    const second = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/withdrawals?search=ADA.${tag}&page=2`,
    });
    expect(second.json().items.map((i: { amount: string }) => i.amount)).toEqual(['11.00']);

    const all = (
      await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals?search=${tag}` })
    ).json();
    expect(all.total).toBe(7);
    expect(all.items[0]).toMatchObject({ email: bob.user.email, amount: '17.00' });

    const none = (
      await admin.browser.request({ method: 'GET', url: '/api/admin/withdrawals?search=%25_nobody' })
    ).json();
    expect(none).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  test('the details page has every payout detail, the money, the customer and the reservation entry', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40', PAYOUTS.gcash);
    const res = await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      userId: ada.user.id,
      email: ada.user.email,
      fullName: ada.user.name,
      amount: '40.00',
      fee: '1.00',
      net: '39.00',
      feePercent: '2.50',
      status: 'pending',
      method: 'gcash',
      details: PAYOUTS.gcash.details,
      decidedBy: null,
    });
    expect(body.entries).toEqual([
      expect.objectContaining({
        id: body.reservationEntryId,
        kind: 'reservation',
        description: 'Reserved for withdrawal by GCash',
        amount: '40.00',
      }),
    ]);
  });

  test('an unknown id is 404 "Withdrawal not found"', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Withdrawal not found' });
      expect((await decide(id, 'approve')).statusCode).toBe(404);
    }
  });
});

describe('approve settles, reject releases', () => {
  test('approving settles the reservation: the statement shows reservation, withdrawal and withdrawal fee', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40', PAYOUTS.crypto);
    const res = await decide(id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      decidedBy: { id: admin.user.id, name: admin.user.name },
      decidedAt: expect.any(String),
    });
    expect(res.json().entries.map((e: { kind: string }) => e.kind)).toEqual([
      'reservation',
      'withdrawal',
      'withdrawal_fee',
    ]);
    // Each with what it moves: $40 reserved, then $39 paid out and the $1 fee (2.5 %).
    expect(res.json().entries.map((e: { amount: string }) => e.amount)).toEqual(['40.00', '39.00', '1.00']);

    expect(await readBalancesOf(ada.browser)).toMatchObject({
      available: '60.00',
      reserved: '0.00',
      total: '60.00',
    });
    const statement = (await ada.browser.request({ method: 'GET', url: '/api/me/statement' })).json();
    expect(
      statement.items
        .slice(0, 3)
        .map((e: { kind: string; description: string; reservedChange: string }) => [
          e.kind,
          e.description,
          e.reservedChange,
        ]),
    ).toEqual([
      ['withdrawal_fee', 'Withdrawal fee (2.50%)', '-1.00'],
      ['withdrawal', 'Withdrawal paid out by Bitcoin(BTC)', '-39.00'],
      ['reservation', 'Reserved for withdrawal by Bitcoin(BTC)', '40.00'],
    ]);
    const mine = (await ada.browser.request({ method: 'GET', url: `/api/withdrawals/${id}` })).json();
    expect(mine).toMatchObject({ status: 'approved', fee: '1.00', net: '39.00' });

    const [audit] = await auditRows(id, 'withdrawal.approve');
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      targetType: 'withdrawal',
      reason: APPROVE_REASON,
      before: expect.objectContaining({ status: 'pending' }),
      after: expect.objectContaining({ status: 'approved' }),
    });
  });

  test('with no fee, approving pays out the whole amount in one entry', async () => {
    await setWithdrawalLimits(t.db, 0n, 0);
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const res = await decide(id, 'approve');
    expect(res.json().entries.map((e: { kind: string }) => e.kind)).toEqual(['reservation', 'withdrawal']);
  });

  test.each([
    ['no body', undefined, 'Reason is required'],
    ['no reason', {}, 'reason: Reason is required'],
    ['a blank reason', { reason: '   ' }, 'reason: Reason is required'],
    [
      'a reason of 501 characters',
      { reason: 'x'.repeat(501) },
      'reason: The reason can be at most 500 characters',
    ],
  ])(
    'approving with %s is refused (400): nothing is paid out, nothing audited',
    async (_, payload, message) => {
      const ada = await customerWith(100_00n);
      const id = await withdraw(ada, '40');
      const res = await admin.browser.request({
        method: 'POST',
        url: `/api/admin/withdrawals/${id}/approve`,
        headers: { 'idempotency-key': `no-reason-${id}` },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
      expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '40.00' });
      const detail = (
        await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` })
      ).json();
      expect(detail).toMatchObject({ status: 'pending', decidedBy: null, awaitingApproval: null });
      expect(detail.entries.map((e: { kind: string }) => e.kind)).toEqual(['reservation']);
      expect(await auditRows(id, 'withdrawal.approve')).toHaveLength(0);
    },
  );

  test('the approval’s reason, trimmed, is its audit row’s; the customer does not see it', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const res = await decide(id, 'approve', { reason: '  Called the customer to confirm  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decisionReason: null });
    expect((await auditRows(id, 'withdrawal.approve')).map((audit) => audit.reason)).toEqual([
      'Called the customer to confirm',
    ]);
    const mine = (await ada.browser.request({ method: 'GET', url: `/api/withdrawals/${id}` })).json();
    expect(JSON.stringify(mine)).not.toContain('Called the customer');
  });

  test('rejecting needs a reason; it releases the amount and the customer sees the reason', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const missing = await decide(id, 'reject', { reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('A reason is required to reject a withdrawal');
    // The customer reads the reason: it cannot ask them to pay to get their money.
    const demand = await decide(id, 'reject', { reason: 'Pay the 10% tax, then request again' });
    expect(demand.statusCode).toBe(422);
    expect(demand.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '40.00' });
    expect(await auditRows(id, 'withdrawal.reject')).toHaveLength(0);

    const res = await decide(id, 'reject', { reason: 'Account name does not match' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', decisionReason: 'Account name does not match' });
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
    const statement = (await ada.browser.request({ method: 'GET', url: '/api/me/statement' })).json();
    expect(statement.items[0]).toMatchObject({
      kind: 'release',
      description: 'Withdrawal rejected, amount released: Account name does not match',
      availableChange: '40.00',
    });
    const listed = (await ada.browser.request({ method: 'GET', url: '/api/withdrawals' })).json();
    expect(listed.items[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Account name does not match',
    });
    const [audit] = await auditRows(id, 'withdrawal.reject');
    expect(audit?.reason).toBe('Account name does not match');
  });
});

describe('the customer is told of the decision in their Messages', () => {
  /** The notices of decisions in the customer's Messages (not the notice of the request). */
  async function decisionNotices(customer: Customer) {
    const messages = await readMessagesOf(customer.browser);
    return messages.filter((message) => / withdrawal of \S+ (approved|rejected)$/.test(message.subject));
  }

  async function requestedOn(id: string): Promise<string> {
    const res = await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` });
    return formatUtcMinute(res.json().createdAt);
  }

  test("an approval: what they receive after the fee, without the staff's reason or name; a second decision tells nothing more", async () => {
    const ada = await customerWith(100_00n, { name: 'Ada Lovelace' });
    const id = await withdraw(ada, '40', PAYOUTS.gcash);
    expect((await decide(id, 'approve', { reason: 'Checked with the night desk' })).statusCode).toBe(200);
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    expect((await decide(id, 'reject', { reason: 'Too late' })).statusCode).toBe(409);
    const notices = await decisionNotices(ada);
    expect(notices).toEqual([
      expect.objectContaining({
        subject: 'Candor: withdrawal of $40.00 approved',
        text: `Hello Ada Lovelace,\n\nYour withdrawal of $40.00 by GCash, requested on ${await requestedOn(id)}, was approved: you receive $39.00 after the fee of $1.00.`,
      }),
    ]);
    expect(JSON.stringify(notices)).not.toContain(admin.user.name);
  });

  test('a rejection: the amount back in the balance, with the reason; a refused reason tells nothing', async () => {
    const ada = await customerWith(100_00n, { name: 'Ada Lovelace' });
    const id = await withdraw(ada, '40');
    expect((await decide(id, 'reject', { reason: 'Pay the 10% tax, then request again' })).statusCode).toBe(
      422,
    );
    expect(await decisionNotices(ada)).toEqual([]);
    expect((await decide(id, 'reject', { reason: ' Account name does not match ' })).statusCode).toBe(200);
    expect(await decisionNotices(ada)).toEqual([
      expect.objectContaining({
        subject: 'Candor: withdrawal of $40.00 rejected',
        text:
          `Hello Ada Lovelace,\n\nYour withdrawal of $40.00 by Bank, requested on ${await requestedOn(id)}, ` +
          'was rejected. The $40.00 is back in your available balance.\n\nReason: Account name does not match',
      }),
    ]);
  });

  test('releasing a hold tells nothing (the withdrawal is still to be decided)', async () => {
    const ada = await customerWith(100_00n);
    await setCustomerSettings(t.db, ada.user.id, { holdEnabled: true, holdReason: 'Review' });
    const id = await withdraw(ada, '40');
    expect((await decide(id, 'release-hold')).statusCode).toBe(200);
    expect(await decisionNotices(ada)).toEqual([]);
  });
});

describe('decisions are final and happen once', () => {
  test('a second decision is 409 ALREADY_DECIDED with a clear message and moves nothing', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const again = await decide(id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'ALREADY_DECIDED',
      message: 'This withdrawal was already approved.',
    });
    const reject = await decide(id, 'reject', { reason: 'Too late' });
    expect(reject.json()).toEqual({
      code: 'ALREADY_DECIDED',
      message: 'This withdrawal was already approved.',
    });
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '0.00' });
  });

  test('50 simultaneous approvals settle once', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const results = await Promise.all(Array.from({ length: 50 }, () => decide(id, 'approve')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '0.00' });
    const detail = (
      await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` })
    ).json();
    expect(detail.entries).toHaveLength(3);
    expect(await auditRows(id, 'withdrawal.approve')).toHaveLength(1);
  });

  test('an approval racing a rejection: exactly one wins and the money matches it', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? decide(id, 'approve') : decide(id, 'reject', { reason: 'No' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 200)?.json();
    const balances = await readBalancesOf(ada.browser);
    if (winner.status === 'approved')
      expect(balances).toMatchObject({ available: '60.00', reserved: '0.00' });
    else expect(balances).toMatchObject({ available: '100.00', reserved: '0.00' });
  });

  test('a retried approval with the same Idempotency-Key gets the first answer', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const first = await decide(id, 'approve', undefined, `approve-${id}`);
    const retry = await decide(id, 'approve', undefined, `approve-${id}`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '0.00' });
  });

  test('the same Idempotency-Key with another reason is refused (422) and moves nothing more', async () => {
    const ada = await customerWith(100_00n);
    const id = await withdraw(ada, '40');
    const key = `approve-reason-${id}`;
    expect((await decide(id, 'approve', { reason: 'Checked' }, key)).statusCode).toBe(200);
    const reused = await decide(id, 'approve', { reason: 'Checked twice' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '0.00' });
    expect((await auditRows(id, 'withdrawal.approve')).map((audit) => audit.reason)).toEqual(['Checked']);
  });
});

describe('the hold path', () => {
  test('a withdrawal on hold cannot be decided until an administrator releases the hold', async () => {
    const ada = await customerWith(100_00n);
    await setCustomerSettings(t.db, ada.user.id, {
      holdEnabled: true,
      holdReason: 'Verify your identity first',
    });
    const id = await withdraw(ada, '40');

    const approve = await decide(id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'This withdrawal is on hold: release the hold before it can be approved.',
    });
    const mine = (await ada.browser.request({ method: 'GET', url: `/api/withdrawals/${id}` })).json();
    expect(mine).toMatchObject({ status: 'on_hold', holdReason: 'Verify your identity first' });

    const released = await decide(id, 'release-hold', { reason: 'Identity verified by phone' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      status: 'pending',
      holdReason: 'Verify your identity first',
      holdReleased: { by: { id: admin.user.id, name: admin.user.name }, at: expect.any(String) },
    });
    // The withdrawal's page says who released the hold, and when, until it is decided and after.
    const page = async () =>
      (await admin.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` })).json();
    expect((await page()).holdReleased).toEqual(released.json().holdReleased);
    const [audit] = await auditRows(id, 'withdrawal.release_hold');
    expect(audit).toMatchObject({
      reason: 'Identity verified by phone',
      before: expect.objectContaining({ status: 'on_hold' }),
    });
    const after = (await ada.browser.request({ method: 'GET', url: `/api/withdrawals/${id}` })).json();
    expect(after).toMatchObject({ status: 'pending', holdReason: null });

    const again = await decide(id, 'release-hold');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a withdrawal on hold can be released; this one is pending.');

    const approved = await decide(id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().holdReleased).toEqual(released.json().holdReleased);
    expect((await page()).holdReleased).toEqual(released.json().holdReleased);
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '0.00' });
  });

  test('releasing without a note is allowed and recorded', async () => {
    const ada = await customerWith(100_00n);
    await setCustomerSettings(t.db, ada.user.id, { holdEnabled: true, holdReason: 'Review' });
    const id = await withdraw(ada, '40');
    const res = await decide(id, 'release-hold');
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditRows(id, 'withdrawal.release_hold')).toEqual([
      expect.objectContaining({ reason: null }),
    ]);
  });
});
