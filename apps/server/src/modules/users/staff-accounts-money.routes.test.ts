/**
 * Staff accounts hold no money (docs/decisions/062): every way money reaches or leaves an account
 * refuses a staff account (any role but 'client'), whether the staff member asks for it through the
 * customer routes or another staff member acts on their account; what a staff account held before
 * stays readable, and moves no further. On PGlite by default; on PostgreSQL with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run --project server apps/server/src/modules/users/staff-accounts-money.routes.test.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEPOSIT_QUOTE_SECONDS } from '@candor/contracts/deposits';
import { PlanListSchema } from '@candor/contracts/plans';
import { STAFF_ACCOUNT_MONEY_MESSAGE, type StaffRole } from '@candor/contracts/staff';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { users } from '../../db/schema/auth.ts';
import { depositQuotes, deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { loanApplications } from '../../db/schema/loans.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { trades } from '../../db/schema/trades.ts';
import { insertPendingDeposit, TEST_USDT_ADDRESS } from '../../test/deposits.ts';
import { totpCode, useSignedInUser } from '../../test/factories.ts';
import { stubMinuteCandles } from '../../test/minute-candles.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { insertDeskCustomer, useFixedQuotes } from '../trades/trade-test-helpers.ts';
import {
  PAYOUTS,
  readBalancesOf,
  requestWithdrawal,
  setWithdrawalLimits,
} from '../withdrawals/withdrawal-test-helpers.ts';

const t = useTestApp();
useFixedQuotes(t, { BTCUSD: '67234.12' });
const accountant = useSignedInUser(t, { role: 'accountant', name: 'Alice Accountant' });
const checker = useSignedInUser(t, { role: 'admin', name: 'Carl Checker' });

const REFUSED = { code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE };
const PORTFOLIO_MIN = 35_000_000n; // $350,000.00, the Level 1 loan's requirement
let level1Id = '';

const NOW_MINUTE = Math.floor(Date.now() / 60_000) * 60;
const OPEN_MINUTE = NOW_MINUTE - 3 * 3600;
const CLOSE_MINUTE = NOW_MINUTE - 2 * 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

beforeAll(async () => {
  const plans = PlanListSchema.parse(
    (await accountant.browser.request({ method: 'GET', url: '/api/plans?kind=loan' })).json(),
  );
  level1Id = plans.items.find((plan) => plan.name === 'Level 1')?.id ?? '';
});

beforeEach(async () => {
  await requireSiteSettings(t.db);
  // The default four-eyes threshold, $1,000; no withdrawal minimum or fee.
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 100_000n }).where(eq(siteSettings.id, 1));
  await setWithdrawalLimits(t.db, 0n, 0);
  stubMinuteCandles(t.app.market, {
    [OPEN_MINUTE]: { low: '67000.00', high: '67100.00' },
    [CLOSE_MINUTE]: { low: '68000.00', high: '68100.00' },
  });
});

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

/** An account made staff by its row alone: business it had as a customer, from before the rule. */
async function makeStaff(userId: string, role: StaffRole = 'admin'): Promise<void> {
  await t.db.update(users).set({ role }).where(eq(users.id, userId));
}

async function entriesOf(userId: string) {
  return t.db.select().from(journalEntries).where(eq(journalEntries.userId, userId));
}

function adjust(userId: string, body: object) {
  return accountant.browser.post(`/api/admin/users/${userId}/adjustments`, body);
}

function book(userId: string) {
  return accountant.browser.post(`/api/admin/users/${userId}/trades`, {
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: '100',
    lotSize: '2',
    openedAt: iso(OPEN_MINUTE + 15),
    openPrice: '67050.00',
    closedAt: iso(CLOSE_MINUTE + 42),
    closePrice: '68050.00',
    reason: 'Executed by phone on your instruction',
  });
}

function applyForLoan(browser: Browser) {
  return browser.post('/api/loan-applications', {
    planId: level1Id,
    fullName: 'Ada Lovelace',
    monthlyIncome: '12500.00',
    goal: 'Trade larger positions on EURUSD',
  });
}

describe('staff acting on a staff account', () => {
  test('an accountant cannot credit or debit the owner, at once or above the four-eyes threshold', async () => {
    // The owner holds $50.00 from before the rule: it stays where it is, and readable.
    const owner = await insertFundedCustomer(t, 50_00n, { role: 'owner' });
    for (const body of [
      { direction: 'credit', amount: '10', reason: 'Test credit' },
      { direction: 'debit', amount: '10', reason: 'Test debit' },
      { direction: 'credit', amount: '5000', reason: 'Above the threshold' },
    ]) {
      const res = await adjust(owner.user.id, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    }
    expect(await entriesOf(owner.user.id)).toHaveLength(1);
    expect(await t.db.select().from(approvals).where(eq(approvals.userId, owner.user.id))).toEqual([]);
    const read = await checker.browser.request({ method: 'GET', url: `/api/admin/users/${owner.user.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ role: 'owner', balances: { available: '50.00', total: '50.00' } });
  });

  test('a credit awaiting a second approval is not carried out once its account is staff', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const asked = await adjust(customer.user.id, { direction: 'credit', amount: '5000', reason: 'Goodwill' });
    expect(asked.json()).toMatchObject({ state: 'awaiting_approval' });
    await makeStaff(customer.user.id);
    const res = await checker.browser.post(`/api/admin/approvals/${asked.json().approval.id}/approve`, {
      reason: 'Checked the ticket',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await entriesOf(customer.user.id)).toEqual([]);
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.userId, customer.user.id));
    expect(approval?.status).toBe('awaiting');
  });

  test('a desk trade cannot be booked for a staff account', async () => {
    const staff = await insertDeskCustomer(t, 100_000n, { role: 'support' });
    const res = await book(staff.user.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await t.db.select().from(trades).where(eq(trades.userId, staff.user.id))).toEqual([]);
  });

  test('a desk proposal made to a customer is not accepted once the account is staff', async () => {
    const customer = await insertDeskCustomer(t, 100_000n);
    const booked = await book(customer.user.id);
    expect(booked.statusCode, booked.body).toBe(200);
    await makeStaff(customer.user.id);
    const res = await customer.browser.post(`/api/desk-trades/${booked.json().trade.id}/accept`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await entriesOf(customer.user.id)).toHaveLength(1);
  });

  test('a loan application recorded before the account became staff is not paid out', async () => {
    const customer = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const applied = await applyForLoan(customer.browser);
    expect(applied.statusCode, applied.body).toBe(200);
    await makeStaff(customer.user.id);
    const res = await accountant.browser.post(`/api/admin/loan-applications/${applied.json().id}/approve`, {
      reason: 'Income and portfolio checked',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await entriesOf(customer.user.id)).toHaveLength(1);
    const [application] = await t.db
      .select()
      .from(loanApplications)
      .where(eq(loanApplications.id, applied.json().id));
    expect(application?.status).toBe('pending');
  });

  test("a staff account's pending deposit is not approved; it can be rejected", async () => {
    const staff = await insertFundedCustomer(t, 0n, { role: 'compliance' });
    const deposit = await insertPendingDeposit(t.db, staff.user.id);
    const approve = await accountant.browser.post(`/api/admin/deposits/${deposit.id}/approve`, {
      reason: 'Payment seen on chain',
    });
    expect(approve.statusCode, approve.body).toBe(403);
    expect(approve.json()).toEqual(REFUSED);
    expect(await entriesOf(staff.user.id)).toEqual([]);
    const reject = await accountant.browser.post(`/api/admin/deposits/${deposit.id}/reject`, {
      reason: 'Staff accounts do not deposit',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'rejected' });
  });

  test("a staff account's withdrawal is not paid out, below or above the threshold; rejected, it returns to its cash", async () => {
    const customer = await insertFundedCustomer(t, 300_000n);
    const ids: string[] = [];
    for (const amount of ['20', '2000']) {
      const res = await requestWithdrawal(customer.browser, { amount, ...PAYOUTS.bank });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    await makeStaff(customer.user.id, 'accountant');
    for (const id of ids) {
      const res = await accountant.browser.post(`/api/admin/withdrawals/${id}/approve`, {
        reason: 'Customer confirmed by phone',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    }
    expect(await t.db.select().from(approvals).where(eq(approvals.userId, customer.user.id))).toEqual([]);
    for (const id of ids) {
      const res = await checker.browser.post(`/api/admin/withdrawals/${id}/reject`, {
        reason: 'Staff accounts do not withdraw',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '3000.00', reserved: '0.00' });
  });
});

describe('a staff member on the customer routes', () => {
  test('cannot record a deposit', async () => {
    const staff = await insertFundedCustomer(t, 0n, { role: 'accountant' });
    const [proof] = await t.db
      .insert(files)
      .values({
        storageKey: `proof_of_payment/${randomBytes(8).toString('hex')}.png`,
        purpose: 'proof_of_payment',
        visibility: 'private',
        ownerUserId: staff.user.id,
        contentType: 'image/png',
        sizeBytes: 1,
      })
      .returning();
    const [quote] = await t.db
      .insert(depositQuotes)
      .values({
        userId: staff.user.id,
        amountMinor: 1_000n,
        coin: 'usdt',
        cryptoAmountBaseUnits: '10000000',
        rate: '1.00',
        rateSource: 'fixed',
        address: TEST_USDT_ADDRESS,
        expiresAt: new Date(Date.now() + DEPOSIT_QUOTE_SECONDS * 1000),
      })
      .returning();
    const res = await staff.browser.post(
      '/api/deposits',
      { quoteId: quote?.id, proofFileId: proof?.id },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, staff.user.id))).toEqual([]);
  });

  test('cannot request a withdrawal of what the account holds, asked for a two-factor code or not', async () => {
    const staff = await insertFundedCustomer(t, 10_000n, { role: 'owner' });
    const code = await totpCode(staff.user.twoFactorSecret ?? '');
    for (const extra of [{}, { twoFactorCode: code }]) {
      const res = await requestWithdrawal(staff.browser, { amount: '10', ...PAYOUTS.bank, ...extra });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    }
    expect(await readBalancesOf(staff.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
  });

  test('cannot open a trade', async () => {
    const staff = await insertFundedCustomer(t, 10_000n, { role: 'admin' });
    const res = await staff.browser.post(
      '/api/trades',
      { symbol: 'BTCUSD', direction: 'buy', amount: '10', lotSize: '1' },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await t.db.select().from(trades).where(eq(trades.userId, staff.user.id))).toEqual([]);
  });

  test('cannot apply for a loan', async () => {
    const staff = await insertFundedCustomer(t, PORTFOLIO_MIN, { role: 'support' });
    const res = await applyForLoan(staff.browser);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(
      await t.db.select().from(loanApplications).where(eq(loanApplications.userId, staff.user.id)),
    ).toEqual([]);
  });
});
