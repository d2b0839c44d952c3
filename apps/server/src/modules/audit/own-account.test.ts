import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { insertPendingDeposit } from '../../test/deposits.ts';
import { totpCode, useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';
import { OWN_ACCOUNT_MESSAGE, refuseDecisionOnOwnAccount } from './own-account.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });

const REFUSED = { code: 'FORBIDDEN', message: OWN_ACCOUNT_MESSAGE };
const staff = { id: 'staff-1', role: 'accountant' } as const;

describe('the rule', () => {
  test.each([
    ['deposit.approve'],
    ['withdrawal.release_hold'],
    ['trade.book'],
    ['loans.approve'],
    ['user.adjustment'],
    ['verification.approve'],
    ['approval.request'],
  ])('a staff member cannot take %s on their own account', (action) => {
    expect(() => refuseDecisionOnOwnAccount({ actor: staff, action, subjectUserId: 'staff-1' })).toThrow(
      OWN_ACCOUNT_MESSAGE,
    );
  });

  test('nor approve, as the second person, what was made for their own account', () => {
    expect(() =>
      refuseDecisionOnOwnAccount({
        actor: { id: 'maker', role: 'admin' },
        approver: staff,
        action: 'user.adjustment',
        subjectUserId: 'staff-1',
      }),
    ).toThrow(OWN_ACCOUNT_MESSAGE);
  });

  test("another account's decision, a customer's own request and staff's own security settings pass", () => {
    const pass = (entry: Parameters<typeof refuseDecisionOnOwnAccount>[0]) =>
      expect(() => refuseDecisionOnOwnAccount(entry)).not.toThrow();
    pass({ actor: staff, action: 'deposit.approve', subjectUserId: 'customer-1' });
    pass({
      actor: { id: 'customer-1', role: 'client' },
      action: 'approval.reject',
      subjectUserId: 'customer-1',
    });
    pass({ actor: staff, action: 'two_factor.enable', subjectUserId: 'staff-1' });
    pass({ actor: staff, action: 'withdrawals.freeze', subjectUserId: 'staff-1' });
    pass({ actor: { id: 'cli', role: 'operator' }, action: 'user.adjustment', subjectUserId: 'cli' });
  });

  test('the account is the target when no subject is named, as the log records it', () => {
    expect(() =>
      refuseDecisionOnOwnAccount({
        actor: staff,
        action: 'user.suspend',
        targetType: 'user',
        targetId: 'staff-1',
      }),
    ).toThrow(OWN_ACCOUNT_MESSAGE);
  });
});

describe('over the API, a staff member with money of their own (held from before decision 062)', () => {
  async function fundedAccountant() {
    return insertFundedCustomer(t, 100_000n, { role: 'accountant', identityStatus: 'verified' });
  }
  const post = (browser: Browser, url: string, payload?: object) =>
    browser.request({ method: 'POST', url, ...(payload ? { payload } : {}) });
  const DECISION = { reason: 'Checked' };

  test('cannot reject their own deposit; another staff member can (none approves it: decision 062)', async () => {
    const accountant = await fundedAccountant();
    const deposit = await insertPendingDeposit(t.db, accountant.user.id, { amountMinor: 5_000_000n });
    const own = await post(accountant.browser, `/api/admin/deposits/${deposit.id}/reject`, DECISION);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(REFUSED);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.status).toBe('pending');
    const approved = await post(admin.browser, `/api/admin/deposits/${deposit.id}/approve`, DECISION);
    expect(approved.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE });
    const other = await post(admin.browser, `/api/admin/deposits/${deposit.id}/reject`, DECISION);
    expect(other.statusCode, other.body).toBe(200);
  });

  test('cannot adjust their own balance, nor can anyone else (decision 062)', async () => {
    const accountant = await fundedAccountant();
    const body = { direction: 'credit', amount: '900.00', reason: 'Bonus' };
    for (const browser of [accountant.browser, admin.browser]) {
      const res = await post(browser, `/api/admin/users/${accountant.user.id}/adjustments`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE });
    }
  });

  test('cannot reject their own withdrawal; another staff member can (none approves it: decision 062)', async () => {
    await setWithdrawalLimits(t.db, 0n, 0);
    const accountant = await fundedAccountant();
    // Requested as a customer, before the role: a staff account requests none (decision 062).
    await t.db.update(users).set({ role: 'client' }).where(eq(users.id, accountant.user.id));
    const twoFactorCode = await totpCode(accountant.user.twoFactorSecret ?? '');
    const requested = await requestWithdrawal(accountant.browser, {
      amount: '50.00',
      ...PAYOUTS.bank,
      twoFactorCode,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    await t.db.update(users).set({ role: 'accountant' }).where(eq(users.id, accountant.user.id));
    const id: string = requested.json().id;
    const own = await post(accountant.browser, `/api/admin/withdrawals/${id}/reject`, DECISION);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(REFUSED);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe('pending');
    const approved = await post(admin.browser, `/api/admin/withdrawals/${id}/approve`, DECISION);
    expect(approved.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE });
    const other = await post(admin.browser, `/api/admin/withdrawals/${id}/reject`, DECISION);
    expect(other.statusCode, other.body).toBe(200);
  });
});
