import { LOAN_GOAL_MAX_LENGTH, LOAN_MESSAGES, type Loan, type MyLoans } from '@candor/contracts/loans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildBalances } from '../../test/admin-users.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { TradingPlansPage } from './trading-plans-page.tsx';

const LEVEL_1 = {
  id: '8a4c0b8e-6c1f-4d5e-9a7b-0c1d2e3f4a5b',
  kind: 'loan',
  name: 'Level 1',
  description: 'Borrowed money can be traded but not withdrawn.',
  price: null,
  durationDays: 25,
  onSale: true,
  rank: 10,
  features: {
    kind: 'loan',
    amount: '2000000.00',
    annualInterestPercent: '12.17',
    minimumPortfolio: '350000.00',
  },
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const LOAN: Loan = {
  id: '1b2c3d4e-5f60-4718-89ab-cdef01234567',
  applicationId: '2b2c3d4e-5f60-4718-89ab-cdef01234567',
  planName: 'Level 1',
  amount: '2000000.00',
  annualInterestPercent: '12.17',
  termDays: 25,
  paidOutAt: '2026-11-20T10:00:00.000Z',
  dueAt: '2026-12-15T10:00:00.000Z',
  interestDays: 25,
  interestAccrued: '16671.25',
  repaid: '10000.00',
  principalOutstanding: '2000000.00',
  interestOutstanding: '6671.25',
  owed: '2006671.25',
  status: 'overdue',
  overdueAt: '2026-12-15T10:00:00.000Z',
  repaidAt: null,
};

/** The Balances of a customer whose portfolio (cash + reserved) is `total`, all of it cash. */
function balancesOf(total: string) {
  return buildBalances({ available: total, total, deposits: total, withdrawable: total });
}

function render(mine: MyLoans, extra: Parameters<typeof mockApi>[0] = {}, me = buildMe()) {
  const api = mockApi({
    'GET /api/plans': { status: 200, body: { items: [LEVEL_1] } },
    'GET /api/loans/mine': { status: 200, body: mine },
    'GET /api/me/balances': { status: 200, body: balancesOf('400000.00') },
    ...extra,
  });
  renderPages([{ path: '/trading-plans', component: TradingPlansPage }], '/trading-plans', { me });
  return api;
}

describe('TradingPlansPage', () => {
  test('a staff account sees the loan plans only: it borrows nothing, so no APPLY FOR LOAN and no loans', async () => {
    const api = render({ applications: [], loans: [] }, {}, buildMe({ role: 'admin' }));
    expect(await screen.findByRole('heading', { name: 'Level 1' })).toBeTruthy();
    expect(
      screen.getByText('Staff accounts do not hold money: money moves on customer accounts only.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'APPLY FOR LOAN' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'My loans' })).toBeNull();
    expect(screen.queryByText(/Your portfolio/)).toBeNull();
    expect(callsTo(api, 'GET /api/loans/mine')).toEqual([]);
    expect(callsTo(api, 'GET /api/me/balances')).toEqual([]);
  });

  test('a loan plan card says what the loan is: amount, term, daily interest and requirement; the form sends the seed fields', async () => {
    // The portfolio read with the page reaches the minimum; by the time the customer applies, money
    // has moved and the server's own check refuses: its answer is shown in the form.
    const api = render(
      { applications: [], loans: [] },
      {
        'POST /api/loan-applications': {
          status: 422,
          body: {
            code: 'LOAN_REQUIREMENTS_NOT_MET',
            message: 'This loan requires a portfolio of at least $350,000.00; yours is $340,000.00.',
          },
        },
      },
    );
    const card = (await screen.findByText('Level 1')).closest('section') as HTMLElement;
    expect(card.textContent).toContain('$2,000,000.00');
    expect(card.textContent).toContain('Term: 25 days');
    expect(card.textContent).toContain('Interest 12.17% a year, accrued daily');
    expect(card.textContent).toContain('Portfolio of at least $350,000.00');
    expect(await within(card).findByText('Your portfolio: $400,000.00')).toBeTruthy();
    expect(await screen.findByText('You have no loans yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'APPLY FOR LOAN' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply for the Level 1 loan' });
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(within(dialog).getByText('Enter your full name')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Total Monthly Income'), '12500');
    await user.type(within(dialog).getByLabelText('Goal'), 'Larger positions');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'This loan requires a portfolio of at least $350,000.00; yours is $340,000.00.',
    );
    expect(callsTo(api, 'POST /api/loan-applications')).toEqual([
      { planId: LEVEL_1.id, fullName: 'Ada Lovelace', monthlyIncome: '12500', goal: 'Larger positions' },
    ]);
  });

  test('a pasted goal longer than the limit is kept as pasted and said to be too long, not cut short', async () => {
    const api = render({ applications: [], loans: [] });
    const card = (await screen.findByText('Level 1')).closest('section') as HTMLElement;
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'APPLY FOR LOAN' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply for the Level 1 loan' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Total Monthly Income'), '12500');
    const goal = within(dialog).getByLabelText('Goal') as HTMLTextAreaElement;
    await user.click(goal);
    await user.paste('x'.repeat(LOAN_GOAL_MAX_LENGTH + 200));
    expect(goal.value).toHaveLength(LOAN_GOAL_MAX_LENGTH + 200);
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText(LOAN_MESSAGES.goalTooLong)).toBeTruthy();
    expect(callsTo(api, 'POST /api/loan-applications')).toEqual([]);
  });

  test('a portfolio short of the minimum is said on the card before any form: APPLY FOR LOAN waits for it', async () => {
    render(
      { applications: [], loans: [] },
      { 'GET /api/me/balances': { status: 200, body: balancesOf('5000.00') } },
    );
    const card = (await screen.findByText('Level 1')).closest('section') as HTMLElement;
    expect(await within(card).findByText('Your portfolio: $5,000.00')).toBeTruthy();
    expect(
      within(card).getByText('This loan requires a portfolio of at least $350,000.00; yours is $5,000.00.'),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'APPLY FOR LOAN' })).toHaveProperty('disabled', true);
  });

  test('while a loan is owed, the portfolio says how much of it is borrowed', async () => {
    render(
      { applications: [], loans: [LOAN] },
      {
        'GET /api/me/balances': {
          status: 200,
          body: buildBalances({ available: '2010000.00', total: '2010000.00', owed: '2006671.25' }),
        },
      },
    );
    const card = (await screen.findByText('Level 1')).closest('section') as HTMLElement;
    expect(
      await within(card).findByText(
        'Your portfolio: $2,010,000.00, including $2,006,671.25 borrowed, owed on a loan',
      ),
    ).toBeTruthy();
  });

  test('an overdue loan is shown in red with what is owed; Repay all asks for confirmation before sending', async () => {
    const api = render(
      { applications: [], loans: [LOAN] },
      {
        'POST /api/loans/1b2c3d4e-5f60-4718-89ab-cdef01234567/repayments': {
          status: 200,
          body: { ...LOAN, owed: '0.00', status: 'repaid' },
        },
      },
    );
    expect(await screen.findByText('Overdue')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'This loan is overdue: $2,006,671.25 is still owed.',
    );
    expect(screen.getByRole('button', { name: 'APPLY FOR LOAN' })).toHaveProperty('disabled', true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Repay' }));
    const dialog = screen.getByRole('dialog', { name: 'Repay Level 1' });
    await user.type(within(dialog).getByLabelText('Amount to repay'), '2006671.26');
    await user.click(within(dialog).getByRole('button', { name: 'Repay' }));
    expect(
      within(dialog).getByText('A repayment cannot be more than what is owed ($2,006,671.25).'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Repay all' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirm repayment' });
    expect(confirm.textContent).toContain('$2,006,671.25');
    expect(callsTo(api, 'POST /api/loans/1b2c3d4e-5f60-4718-89ab-cdef01234567/repayments')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm repayment' }));
    await waitFor(() =>
      expect(callsTo(api, 'POST /api/loans/1b2c3d4e-5f60-4718-89ab-cdef01234567/repayments')).toEqual([
        { all: true },
      ]),
    );
  });
});
