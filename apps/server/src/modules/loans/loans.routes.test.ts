import { CLOSE_ACCOUNT_REFUSALS } from '@candor/contracts/account-status';
import { BalancesSchema, StatementPageSchema } from '@candor/contracts/ledger';
import {
  AdminLoanApplicationPageSchema,
  AdminLoanApplicationSchema,
  LOAN_MESSAGES,
  LoanApplicationSchema,
  LoanSchema,
  MyLoansSchema,
} from '@candor/contracts/loans';
import { PlanListSchema } from '@candor/contracts/plans';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { WithdrawalTermsSchema } from '@candor/contracts/withdrawals';
import { adjustmentEntry } from '@candor/domain/ledger/entries';
import { computeInterestForDays } from '@candor/domain/loans/loan-interest';
import { formatDecimal } from '@candor/domain/money/money';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import { findLastMail } from '../../test/auth-helpers.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { fund, insertFundedCustomer, postOrReject } from '../../test/money.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// 10:00 UTC, so "N days later at 10:00" has passed exactly N UTC midnights.
const clock = createManualClock(new Date('2026-11-20T10:00:00Z'));
const t = useTestApp({}, { clock: clock.now });
const accountant = useSignedInUser(t, { role: 'accountant' });
const support = useSignedInUser(t, { role: 'support' });
const admin = useSignedInUser(t, { role: 'admin' });

const PORTFOLIO_MIN = 35_000_000n; // $350,000.00, Level 1's requirement
const LEVEL_1 = 200_000_000n; // $2,000,000.00
const LEVEL_1_BPS = 1217;
let level1Id = '';

beforeAll(async () => {
  const { browser } = await insertFundedCustomer(t, 0n);
  const plans = PlanListSchema.parse(
    (await browser.request({ method: 'GET', url: '/api/plans?kind=loan' })).json(),
  );
  level1Id = plans.items.find((plan) => plan.name === 'Level 1')?.id ?? '';
  await setWithdrawalLimits(t.db, 1_000n, 0);
});

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

const APPLICATION = {
  fullName: 'Ada Lovelace',
  monthlyIncome: '12500.00',
  goal: 'Trade larger positions on EURUSD',
};

function apply(browser: Browser, planId = level1Id) {
  return browser.post('/api/loan-applications', { planId, ...APPLICATION });
}

async function applied(browser: Browser) {
  const response = await apply(browser);
  expect(response.statusCode, response.body).toBe(200);
  return LoanApplicationSchema.parse(response.json());
}

/** An approval's usual reason (required since decision 044). */
const APPROVE_REASON = 'Income and portfolio checked';

function approve(id: string, reason = APPROVE_REASON, key?: string) {
  return accountant.browser.post(`/api/admin/loan-applications/${id}/approve`, { reason }, key);
}

async function mine(browser: Browser) {
  return MyLoansSchema.parse((await browser.request({ method: 'GET', url: '/api/loans/mine' })).json());
}

/** A customer with `cents` of cash and an approved Level 1 loan paid out now. */
async function borrower(cents = PORTFOLIO_MIN) {
  clock.set(new Date('2026-11-20T10:00:00Z'));
  const customer = await insertFundedCustomer(t, cents);
  const application = await applied(customer.browser);
  const response = await approve(application.id);
  expect(response.statusCode, response.body).toBe(200);
  const loan = AdminLoanApplicationSchema.parse(response.json()).loan;
  if (!loan) throw new Error('no loan paid out');
  return { ...customer, loan };
}

function repay(browser: Browser, loanId: string, body: object, key = crypto.randomUUID()) {
  return browser.post(`/api/loans/${loanId}/repayments`, body, key);
}

async function balances(browser: Browser) {
  return BalancesSchema.parse((await browser.request({ method: 'GET', url: '/api/me/balances' })).json());
}

describe('applying', () => {
  test('below the portfolio requirement is refused, naming the requirement', async () => {
    const { browser } = await insertFundedCustomer(t, PORTFOLIO_MIN - 1n);
    const response = await apply(browser);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'LOAN_REQUIREMENTS_NOT_MET',
      message: 'This loan requires a portfolio of at least $350,000.00; yours is $349,999.99.',
    });
    expect((await mine(browser)).applications).toEqual([]);
  });

  test('an application is recorded with the plan terms; a second one is refused while it is pending', async () => {
    const { browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    expect(application).toMatchObject({
      planName: 'Level 1',
      amount: '2000000.00',
      annualInterestPercent: '12.17',
      termDays: 25,
      monthlyIncome: '12500.00',
      portfolioAtApplication: '350000.00',
      status: 'pending',
      loanId: null,
    });
    const again = await apply(browser);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'LOAN_ALREADY_OPEN' });
    expect((await mine(browser)).applications.map((a) => a.status)).toEqual(['pending']);
  });

  test('a plan that is not a loan plan is not found; the form fields are checked', async () => {
    const { browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    expect((await apply(browser, 'not-a-plan')).statusCode).toBe(404);
    const bad = await browser.post('/api/loan-applications', {
      planId: level1Id,
      ...APPLICATION,
      goal: 'x'.repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deciding', () => {
  test('a reason asking the customer to pay is refused with 422 PAYMENT_DEMAND, to decline or approve; nothing is decided', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    const declined = await accountant.browser.post(`/api/admin/loan-applications/${application.id}/decline`, {
      reason: 'Pay a 10% insurance premium before your loan can proceed',
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    const approved = await approve(application.id, 'Approved once you deposit $500 to unlock withdrawals');
    expect(approved.statusCode).toBe(422);
    expect(approved.json().code).toBe('PAYMENT_DEMAND');
    expect((await mine(browser)).applications[0]).toMatchObject({ status: 'pending', decisionReason: null });
    expect((await balances(browser)).owed).toBe('0.00');
    expect(await findLastMail(t.db, user.email, 'declined')).toBeUndefined();
  });

  test("support staff can read applications (all, or one customer's) but not decide them", async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    const list = await support.browser.request({
      method: 'GET',
      url: '/api/admin/loan-applications?status=pending',
    });
    expect(list.statusCode).toBe(200);
    expect(AdminLoanApplicationPageSchema.parse(list.json()).items.map((a) => a.id)).toContain(
      application.id,
    );
    const own = await support.browser.request({
      method: 'GET',
      url: `/api/admin/loan-applications?userId=${encodeURIComponent(user.id)}`,
    });
    expect(AdminLoanApplicationPageSchema.parse(own.json()).items.map((a) => a.id)).toEqual([application.id]);
    const decided = await support.browser.post(`/api/admin/loan-applications/${application.id}/approve`, {
      reason: 'Looks fine',
    });
    expect(decided.statusCode).toBe(403);
  });

  test('a declined application cannot be approved afterwards: 409, no money moves; the customer is told', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    const noReason = await accountant.browser.post(
      `/api/admin/loan-applications/${application.id}/decline`,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    const declined = await accountant.browser.post(`/api/admin/loan-applications/${application.id}/decline`, {
      reason: 'Income does not support this amount',
    });
    expect(declined.statusCode).toBe(200);
    expect(AdminLoanApplicationSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      decisionReason: 'Income does not support this amount',
      decidedBy: { id: accountant.user.id },
      loan: null,
    });
    const late = await approve(application.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALREADY_DECIDED' });
    expect((await balances(browser)).owed).toBe('0.00');
    expect((await mine(browser)).applications[0]).toMatchObject({
      status: 'declined',
      decisionReason: 'Income does not support this amount',
    });
    expect(await findLastMail(t.db, user.email, 'declined')).toBeDefined();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loans.decline'), eq(auditLog.targetId, application.id)));
    expect(audits).toHaveLength(1);
    // a declined application no longer blocks a new one
    expect((await apply(browser)).statusCode).toBe(200);
  });

  test.each([
    ['no body', undefined, REASON_REQUIRED],
    ['no reason', {}, `reason: ${REASON_REQUIRED}`],
    ['a blank reason', { reason: '  ' }, `reason: ${REASON_REQUIRED}`],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, `reason: ${LOAN_MESSAGES.reasonTooLong}`],
  ])('an approval with %s is refused (400): nothing paid out, nothing audited', async (_, body, message) => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    const response = await accountant.browser.post(
      `/api/admin/loan-applications/${application.id}/approve`,
      body,
      crypto.randomUUID(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await balances(browser)).toMatchObject({ available: '350000.00', owed: '0.00' });
    expect((await mine(browser)).applications[0]).toMatchObject({ status: 'pending', loanId: null });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loans.approve'), eq(auditLog.targetId, application.id)));
    expect(audits).toHaveLength(0);
    expect(await findLastMail(t.db, user.email, 'approved')).toBeUndefined();
  });

  test('the approval’s reason, trimmed, is the audit row’s and the decision’s the customer reads', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    const key = crypto.randomUUID();
    const response = await approve(application.id, '  Steady income, portfolio above the minimum  ', key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      decisionReason: 'Steady income, portfolio above the minimum',
    });
    // The same key: the same reason replays, another reason is another request (refused).
    const replay = await approve(application.id, 'Steady income, portfolio above the minimum', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(response.json());
    const reused = await approve(application.id, 'Another reason', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loans.approve'), eq(auditLog.targetId, application.id)));
    expect(audits.map((audit) => audit.reason)).toEqual(['Steady income, portfolio above the minimum']);
    expect((await mine(browser)).applications[0]).toMatchObject({
      status: 'approved',
      decisionReason: 'Steady income, portfolio above the minimum',
    });
    expect(await balances(browser)).toMatchObject({ owed: '2000000.00' });
    const mail = await findLastMail(t.db, user.email, 'approved');
    expect(mail?.subject).toBe('Candor: your loan application was approved');
    expect(mail?.textBody).toContain('Note: Steady income, portfolio above the minimum');
    // The due date as every message writes a day, and the page by the menu's name.
    expect(mail?.textBody).toMatch(/until the due date, [A-Z][a-z]{2} \d{1,2}, \d{4}, when/);
    expect(mail?.textBody).toContain('You can repay at any time on the Loans page.');
  });

  test('two racing approvals pay out once: one 200, one 409 ALREADY_DECIDED', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    const answers = await Promise.all([approve(application.id), approve(application.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const payouts = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.kind, 'loan_payout')));
    expect(payouts).toHaveLength(1);
    expect(await balances(browser)).toMatchObject({
      available: '2350000.00',
      owed: '2000000.00',
      withdrawable: '350000.00',
    });
    expect(await findLastMail(t.db, user.email, 'approved')).toBeDefined();
  });

  test('approval re-checks the requirement: a portfolio that shrank below it is refused (422), nothing paid', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    await postOrReject(
      t.db,
      [adjustmentEntry({ userId: user.id, direction: 'debit', amount: 1n, reason: 'Correction' })],
      COMMAND_LINE_ACTOR,
    );
    const response = await approve(application.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'LOAN_REQUIREMENTS_NOT_MET' });
    expect((await mine(browser)).applications[0]?.status).toBe('pending');
  });

  test('an application of an account suspended meanwhile cannot be approved: 409, nothing paid', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    const application = await applied(browser);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const response = await approve(application.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: LOAN_MESSAGES.accountNotActive });
    expect((await balances(browser)).owed).toBe('0.00');
  });
});

describe('closing an account', () => {
  function close(userId: string) {
    return admin.browser.post(`/api/admin/users/${userId}/close`, { reason: 'Customer asked to close' });
  }

  test('is refused while a loan application is under review or a loan is owed', async () => {
    const { user, browser } = await insertFundedCustomer(t, PORTFOLIO_MIN);
    await applied(browser);
    const pending = await close(user.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({
      code: 'ACCOUNT_NOT_CLOSABLE',
      message: [
        CLOSE_ACCOUNT_REFUSALS.pendingLoanApplications(1),
        CLOSE_ACCOUNT_REFUSALS.balance(PORTFOLIO_MIN),
      ].join(' '),
    });

    const owing = await borrower();
    const refused = await close(owing.user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_NOT_CLOSABLE',
      message: [
        CLOSE_ACCOUNT_REFUSALS.loanOwed(LEVEL_1),
        CLOSE_ACCOUNT_REFUSALS.balance(PORTFOLIO_MIN + LEVEL_1),
      ].join(' '),
    });
  });
});

describe('interest, repayments and the end of the term', () => {
  test('a loan shows its terms and due date; one open loan at a time', async () => {
    const { browser, loan } = await borrower();
    expect(loan).toMatchObject({
      amount: '2000000.00',
      annualInterestPercent: '12.17',
      termDays: 25,
      paidOutAt: '2026-11-20T10:00:00.000Z',
      dueAt: '2026-12-15T10:00:00.000Z',
      interestAccrued: '0.00',
      owed: '2000000.00',
      status: 'active',
    });
    expect((await apply(browser)).json()).toMatchObject({ code: 'LOAN_ALREADY_OPEN' });
  });

  test('accrual over 3 days equals the domain sum, posted once; running again the same day posts nothing', async () => {
    const { user, browser, loan } = await borrower();
    clock.set(new Date(Date.parse('2026-11-20T10:00:00Z') + 3 * DAY_MS));
    await t.app.loanInterest.runOnce();
    await t.app.loanInterest.runOnce();
    const interest = computeInterestForDays(LEVEL_1, LEVEL_1_BPS, 3);
    expect(interest).toBe(200_055n); // 3 × $666.85
    const [now] = (await mine(browser)).loans;
    expect(now).toMatchObject({
      id: loan.id,
      interestDays: 3,
      interestAccrued: formatDecimal(interest),
      owed: formatDecimal(LEVEL_1 + interest),
    });
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.kind, 'loan_interest')));
    expect(entries.map((e) => e.description)).toEqual([
      'Loan interest: Level 1, 3 days at 12.17% a year (days 1–3 of 25)',
    ]);
    expect((await balances(browser)).owed).toBe('2002000.55');
  });

  test('repaying partially (interest first) and then all: the loan is repaid and the statement shows it', async () => {
    const { browser, loan } = await borrower();
    clock.set(new Date(Date.parse('2026-11-20T10:00:00Z') + 2 * DAY_MS));
    // the repayment accrues the 2 days due first: $1,333.70 of interest
    const partial = await repay(browser, loan.id, { amount: '1500.00' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(LoanSchema.parse(partial.json())).toMatchObject({
      interestAccrued: '1333.70',
      interestOutstanding: '0.00',
      principalOutstanding: '1999833.70',
      repaid: '1500.00',
      owed: '1999833.70',
      status: 'active',
    });
    const tooMuch = await repay(browser, loan.id, { amount: '1999833.71' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('A repayment cannot be more than what is owed ($1,999,833.70).');
    const key = crypto.randomUUID();
    const all = await repay(browser, loan.id, { all: true }, key);
    expect(all.statusCode, all.body).toBe(200);
    expect(LoanSchema.parse(all.json())).toMatchObject({
      owed: '0.00',
      status: 'repaid',
      repaid: '2001333.70',
    });
    // a retry with the same key answers the same and moves nothing
    expect((await repay(browser, loan.id, { all: true }, key)).json()).toEqual(all.json());
    expect(await balances(browser)).toMatchObject({ available: '348666.30', owed: '0.00' });
    const statement = StatementPageSchema.parse(
      (await browser.request({ method: 'GET', url: '/api/me/statement' })).json(),
    );
    expect(statement.items.slice(0, 4).map((e) => [e.kind, e.description])).toEqual([
      ['loan_repayment', 'Loan repayment: Level 1'],
      ['loan_repayment', 'Loan repayment: Level 1'],
      ['loan_interest', 'Loan interest: Level 1, 2 days at 12.17% a year (days 1–2 of 25)'],
      ['loan_payout', 'Loan paid out: Level 1'],
    ]);
    expect((await repay(browser, loan.id, { amount: '1.00' })).statusCode).toBe(409);
    // a repaid loan no longer blocks a new application (the portfolio is now below Level 1's minimum)
    expect((await apply(browser)).json()).toMatchObject({ code: 'LOAN_REQUIREMENTS_NOT_MET' });
  });

  test('a repayment above the available cash is refused', async () => {
    const { user, browser, loan } = await borrower();
    // the customer lost most of the money (say, trading): only $100.00 of cash remains
    await postOrReject(
      t.db,
      [
        adjustmentEntry({
          userId: user.id,
          direction: 'debit',
          amount: LEVEL_1 + PORTFOLIO_MIN - 10_000n,
          reason: 'Loss',
        }),
      ],
      COMMAND_LINE_ACTOR,
    );
    const response = await repay(browser, loan.id, { amount: '100.01' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  test('at the end of the term with enough cash, what is owed is repaid from cash', async () => {
    const { user, browser } = await borrower();
    clock.set(new Date(Date.parse('2026-11-20T10:00:00Z') + 25 * DAY_MS));
    // other tests' loans fall due too: the run repays every one that cash covers
    expect((await t.app.loanInterest.runOnce()).repaid).toBeGreaterThanOrEqual(1);
    const interest = computeInterestForDays(LEVEL_1, LEVEL_1_BPS, 25); // $16,671.25
    const [loan] = (await mine(browser)).loans;
    expect(loan).toMatchObject({
      status: 'repaid',
      interestDays: 25,
      interestAccrued: formatDecimal(interest),
      repaid: formatDecimal(LEVEL_1 + interest),
      owed: '0.00',
    });
    expect(await balances(browser)).toMatchObject({
      available: formatDecimal(PORTFOLIO_MIN - interest),
      owed: '0.00',
    });
    expect((await findLastMail(t.db, user.email, 'repaid'))?.subject).toBe('Candor: your loan is repaid');
  });

  test('without enough cash the loan becomes overdue, accrues no more interest, and is collected as cash arrives', async () => {
    const { user, browser } = await borrower();
    await postOrReject(
      t.db,
      [
        adjustmentEntry({
          userId: user.id,
          direction: 'debit',
          amount: LEVEL_1 + PORTFOLIO_MIN - 50_000_00n,
          reason: 'Loss',
        }),
      ],
      COMMAND_LINE_ACTOR,
    );
    clock.set(new Date(Date.parse('2026-11-20T10:00:00Z') + 25 * DAY_MS));
    expect((await t.app.loanInterest.runOnce()).overdue).toBe(1);
    const interest = computeInterestForDays(LEVEL_1, LEVEL_1_BPS, 25);
    const owed = LEVEL_1 + interest - 50_000_00n;
    expect((await mine(browser)).loans[0]).toMatchObject({ status: 'overdue', owed: formatDecimal(owed) });
    expect(await balances(browser)).toMatchObject({ available: '0.00', owed: formatDecimal(owed) });
    const overdueMail = await findLastMail(t.db, user.email, 'overdue');
    expect(overdueMail?.subject).toBe('Candor: your loan is overdue');
    expect(overdueMail?.textBody).toContain('you can also repay it on the Loans page.');
    // later: no more interest, part of a deposit is collected
    clock.advance(10 * DAY_MS);
    await fund(t.db, user.id, 1_000_000n);
    await t.app.loanInterest.runOnce();
    expect((await mine(browser)).loans[0]).toMatchObject({
      status: 'overdue',
      interestDays: 25,
      owed: formatDecimal(owed - 1_000_000n),
    });
    // cash that covers the rest repays it
    await fund(t.db, user.id, owed);
    await t.app.loanInterest.runOnce();
    expect((await mine(browser)).loans[0]).toMatchObject({ status: 'repaid', owed: '0.00' });
    expect((await balances(browser)).available).toBe('10000.00');
  });
});

describe('borrowed money cannot be withdrawn', () => {
  test('a withdrawal above cash − owed is refused; the terms say what can be withdrawn', async () => {
    const { browser } = await borrower();
    const terms = WithdrawalTermsSchema.parse(
      (await browser.request({ method: 'GET', url: '/api/withdrawals/terms' })).json(),
    );
    expect(terms).toMatchObject({ available: '2350000.00', owed: '2000000.00', withdrawable: '350000.00' });
    const tooMuch = await requestWithdrawal(browser, { amount: '350000.01', ...PAYOUTS.paypal });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Borrowed money cannot be withdrawn: you can withdraw up to $350,000.00',
    });
    const allowed = await requestWithdrawal(browser, { amount: '350000.00', ...PAYOUTS.paypal });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await balances(browser)).withdrawable).toBe('0.00');
  });
});
