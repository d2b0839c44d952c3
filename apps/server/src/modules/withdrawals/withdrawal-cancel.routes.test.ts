import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
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
const checker = useSignedInUser(t, { role: 'admin' });
beforeEach(async () => {
  await setWithdrawalLimits(t.db, 0n, 250);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 0n }).where(eq(siteSettings.id, 1));
});

type Customer = { user: TestUser; browser: Browser };

async function withdraw(customer: Customer, amount = '40'): Promise<{ id: string; status: string }> {
  const res = await requestWithdrawal(customer.browser, { amount, ...PAYOUTS.bank });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function cancel(customer: Customer, id: string, key?: string) {
  return customer.browser.post(`/api/withdrawals/${id}/cancel`, undefined, key);
}

/** Approving and rejecting each need a reason (an approval's since decision 044); a release does not. */
const REASONS = {
  approve: 'Payout details checked',
  reject: 'Payout details could not be checked',
  'release-hold': undefined,
} as const;

function decide(id: string, action: 'approve' | 'reject' | 'release-hold') {
  const reason = REASONS[action];
  return admin.browser.post(`/api/admin/withdrawals/${id}/${action}`, reason ? { reason } : undefined);
}

/** The withdrawal's release entries (a rejection's or a cancellation's). */
async function releasesOf(id: string) {
  return t.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'release'), sql`${journalEntries.reference}->>'withdrawal' = ${id}`));
}

describe('the customer cancels an undecided withdrawal', () => {
  test.each([
    ['awaiting confirmation', { requireCode: true }, 'awaiting_confirmation'],
    ['on hold', { holdEnabled: true, holdReason: 'Source of funds check in progress' }, 'on_hold'],
    ['pending', {}, 'pending'],
  ])(
    '%s: cancelled, and the reservation returns at once by one release entry',
    async (_name, settings, status) => {
      const customer = await insertFundedCustomer(t, 100_00n);
      await setCustomerSettings(t.db, customer.user.id, settings);
      const requested = await withdraw(customer);
      expect(requested.status).toBe(status);
      expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '60.00', reserved: '40.00' });

      const res = await cancel(customer, requested.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: requested.id,
        status: 'cancelled',
        holdReason: null,
        codeExpiresAt: null,
      });
      expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
      const releases = await releasesOf(requested.id);
      expect(releases).toHaveLength(1);
      expect(releases[0]?.description).toBe('Withdrawal cancelled by the customer, amount released');

      const list = await customer.browser.request({ method: 'GET', url: '/api/withdrawals' });
      expect(list.json().items[0]).toMatchObject({ id: requested.id, status: 'cancelled' });
      const staffView = await admin.browser.request({
        method: 'GET',
        url: `/api/admin/withdrawals/${requested.id}`,
      });
      expect(staffView.json()).toMatchObject({ status: 'cancelled', decidedBy: { id: customer.user.id } });
    },
  );

  test('cancelling twice moves the money once: the second is refused as already cancelled', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const { id } = await withdraw(customer);
    expect((await cancel(customer, id)).statusCode).toBe(200);
    const again = await cancel(customer, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'ALREADY_DECIDED',
      message: 'This withdrawal was already cancelled.',
    });
    expect(await releasesOf(id)).toHaveLength(1);
    expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
  });

  test('a retry with the same Idempotency-Key gets the same answer and moves nothing', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const { id } = await withdraw(customer);
    const first = await cancel(customer, id, 'cancel-1');
    const retry = await cancel(customer, id, 'cancel-1');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await releasesOf(id)).toHaveLength(1);
  });

  test('a decided withdrawal cannot be cancelled', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const approved = await withdraw(customer);
    expect((await decide(approved.id, 'approve')).statusCode).toBe(200);
    const rejected = await withdraw(customer, '10');
    expect((await decide(rejected.id, 'reject')).statusCode).toBe(200);

    const afterApproval = await cancel(customer, approved.id);
    expect(afterApproval.statusCode).toBe(409);
    expect(afterApproval.json().message).toBe('This withdrawal was already approved.');
    const afterRejection = await cancel(customer, rejected.id);
    expect(afterRejection.json().message).toBe('This withdrawal was already rejected.');
    expect(await releasesOf(rejected.id)).toHaveLength(1);
    expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '60.00', reserved: '0.00' });
  });

  test("another customer's withdrawal is not found, and nothing moves", async () => {
    const owner = await insertFundedCustomer(t, 100_00n);
    const stranger = await insertFundedCustomer(t, 0n);
    const { id } = await withdraw(owner);
    const res = await cancel(stranger, id);
    expect(res.statusCode).toBe(404);
    expect(await releasesOf(id)).toHaveLength(0);
    expect(await readBalancesOf(owner.browser)).toMatchObject({ reserved: '40.00' });
  });

  test('an id that is not one answers 404, not an error (found by the fuzz test)', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const res = await cancel(customer, encodeURIComponent('not-an-id-🦸'));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  test('staff cannot decide a cancelled withdrawal', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const { id } = await withdraw(customer);
    await cancel(customer, id);
    const approve = await decide(id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({
      code: 'ALREADY_DECIDED',
      message: 'This withdrawal was already cancelled.',
    });
  });

  test('a suspended customer can still cancel and get the amount back', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const { id } = await withdraw(customer);
    await t.db.execute(sql`update users set status = 'suspended' where id = ${customer.user.id}`);
    expect((await cancel(customer, id)).statusCode).toBe(200);
    expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
  });
});

describe('a cancellation and a staff decision at the same moment: decided once', () => {
  test.each(['approve', 'reject'] as const)(
    'cancel vs %s: exactly one wins, the money moves once',
    async (action) => {
      for (let round = 0; round < 4; round++) {
        const customer = await insertFundedCustomer(t, 100_00n);
        const { id } = await withdraw(customer);
        const [cancelled, decided] = await Promise.all([cancel(customer, id), decide(id, action)]);
        const codes = [cancelled.statusCode, decided.statusCode].sort();
        expect(codes, `${cancelled.body} / ${decided.body}`).toEqual([200, 409]);
        const releases = await releasesOf(id);
        const balances = await readBalancesOf(customer.browser);
        if (cancelled.statusCode === 200) {
          expect(releases).toHaveLength(1);
          expect(balances).toMatchObject({ available: '100.00', reserved: '0.00' });
        } else if (action === 'approve') {
          expect(releases).toHaveLength(0);
          expect(balances).toMatchObject({ available: '60.00', reserved: '0.00' });
        } else {
          expect(releases).toHaveLength(1);
          expect(balances).toMatchObject({ available: '100.00', reserved: '0.00' });
        }
      }
    },
  );

  test('cancel vs release of a hold: the request ends cancelled and the amount returns once', async () => {
    for (let round = 0; round < 4; round++) {
      const customer = await insertFundedCustomer(t, 100_00n);
      await setCustomerSettings(t.db, customer.user.id, { holdEnabled: true, holdReason: 'Review' });
      const { id } = await withdraw(customer);
      const [cancelled] = await Promise.all([cancel(customer, id), decide(id, 'release-hold')]);
      // Released first, the request is pending and still the customer's to cancel; cancelled first,
      // the release is refused. Either way it ends cancelled, with one release entry.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await releasesOf(id)).toHaveLength(1);
      expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
    }
  });
});

describe('a withdrawal whose approval waits for a second staff member (four-eyes)', () => {
  async function awaitingApproval(): Promise<{ customer: Customer; id: string; approvalId: string }> {
    await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 10_00n }).where(eq(siteSettings.id, 1));
    const customer = await insertFundedCustomer(t, 100_00n);
    const { id } = await withdraw(customer);
    const asked = await decide(id, 'approve');
    expect(asked.json().awaitingApproval, asked.body).not.toBeNull();
    return { customer, id, approvalId: asked.json().awaitingApproval.id };
  }

  function approveApproval(approvalId: string) {
    return checker.browser.post(`/api/admin/approvals/${approvalId}/approve`, { reason: 'Checked' });
  }

  test('the customer can still cancel; the waiting approval closes as cancelled by the customer (no staff rejection) and cannot be approved afterwards', async () => {
    const { customer, id, approvalId } = await awaitingApproval();
    expect((await cancel(customer, id)).statusCode).toBe(200);
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(approval).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      checkerId: null,
      checkerRole: null,
      checkerReason: 'The customer cancelled the withdrawal',
    });
    const approved = await approveApproval(approvalId);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe('This request was already cancelled.');
    expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });

    // The Approvals tab's answer says who closed it: the customer, not a checker.
    const listed = await checker.browser.request({ method: 'GET', url: '/api/admin/approvals' });
    const item = listed.json().items.find((one: { id: string }) => one.id === approvalId);
    expect(item).toMatchObject({
      status: 'cancelled',
      checker: null,
      cancelledBy: { id: customer.user.id, role: 'client' },
      checkerReason: 'The customer cancelled the withdrawal',
    });

    // The audit log names the customer as the one who closed it, with the reason.
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.cancel'), eq(auditLog.targetId, approvalId)));
    expect(audited).toMatchObject({
      actorId: customer.user.id,
      actorRole: 'client',
      approverId: null,
      subjectUserId: customer.user.id,
      reason: 'The customer cancelled the withdrawal',
      after: { status: 'cancelled', cancelledBy: 'customer', withdrawalId: id },
    });
  });

  test('the maker cancelling the approval leaves the withdrawal pending; the customer may then cancel it', async () => {
    const { customer, id, approvalId } = await awaitingApproval();
    const recalled = await admin.browser.post(`/api/admin/approvals/${approvalId}/cancel`, {
      reason: 'Asked too early',
    });
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: { id: admin.user.id, role: 'admin' },
    });
    expect((await cancel(customer, id)).statusCode).toBe(200);
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(approval).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'maker',
      checkerReason: 'Asked too early',
    });
  });

  test('cancel vs the second approval at the same moment: one wins, the money moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const { customer, id, approvalId } = await awaitingApproval();
      const [cancelled, approved] = await Promise.all([cancel(customer, id), approveApproval(approvalId)]);
      expect(
        [cancelled.statusCode, approved.statusCode].sort(),
        `${cancelled.body} / ${approved.body}`,
      ).toEqual([200, 409]);
      const balances = await readBalancesOf(customer.browser);
      if (cancelled.statusCode === 200) {
        expect(balances).toMatchObject({ available: '100.00', reserved: '0.00' });
        expect(await releasesOf(id)).toHaveLength(1);
      } else {
        expect(balances).toMatchObject({ available: '60.00', reserved: '0.00' });
        expect(await releasesOf(id)).toHaveLength(0);
      }
    }
  });
});
