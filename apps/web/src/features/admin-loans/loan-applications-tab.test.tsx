import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { confirmWithReason } from '../../test/reason-dialog.ts';
import { recordId as id } from '../../test/record-id.ts';
import { buildMe, callsTo, mockApi, pageReply, renderPages } from '../../test/render-page.tsx';
import { LoanApplicationsTab } from './loan-applications-tab.tsx';

const APPROVE = `POST /api/admin/loan-applications/${id(1)}/approve`;

function application(overrides: object = {}) {
  return {
    id: id(1),
    planId: 'plan-1',
    planName: 'Level 1',
    amount: '2000000.00',
    annualInterestPercent: '12.17',
    termDays: 25,
    fullName: 'Ada Lovelace',
    monthlyIncome: '12500.00',
    goal: 'Trade larger positions on EURUSD',
    portfolioAtApplication: '350000.00',
    status: 'pending',
    decisionReason: null,
    createdAt: '2026-03-04T12:00:00.000Z',
    decidedAt: null,
    loanId: null,
    userId: 'user-1',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    decidedBy: null,
    loan: null,
    ...overrides,
  };
}

const approved = application({
  status: 'approved',
  decisionReason: 'Steady income, portfolio above the minimum',
  decidedAt: '2026-03-04T13:00:00.000Z',
  decidedBy: { id: 'acc-1', name: 'Grace Accountant' },
});

/** The tab, opened on the pending application's details. */
async function openApplication(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/admin/loan-applications': pageReply([application()]), ...handlers });
  const { queryClient } = renderPages(
    [{ path: '/all-user', component: LoanApplicationsTab }],
    '/all-user?tab=loans',
    {
      me: buildMe({ role: 'accountant' }),
    },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
  return { fetchMock, user, queryClient };
}

describe('LoanApplicationsTab: approving a loan', () => {
  test('Approve asks for the reason (required) before anything is sent, then sends it', async () => {
    let decided = false;
    const { fetchMock, user } = await openApplication({
      [`GET /api/admin/loan-applications/${id(1)}`]: () => ({
        status: 200,
        body: decided ? approved : application(),
      }),
      [APPROVE]: () => {
        decided = true;
        return { status: 200, body: approved };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve loan' });
    expect(dialog.textContent).toContain("$2,000,000.00 is paid out to Ada Lovelace's cash balance at once.");
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reason is required');
    expect(callsTo(fetchMock, APPROVE)).toEqual([]);

    await confirmWithReason(user, 'Approve loan', 'Steady income, portfolio above the minimum');
    expect(await screen.findByText('Loan approved and paid out')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, APPROVE)).toEqual([{ reason: 'Steady income, portfolio above the minimum' }]);
    expect(await screen.findByText('Steady income, portfolio above the minimum')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  test('an approval refreshes the Users tab, whose balance it paid out to, not only the loan lists', async () => {
    const { user, queryClient } = await openApplication({
      [`GET /api/admin/loan-applications/${id(1)}`]: { status: 200, body: application() },
      [APPROVE]: { status: 200, body: approved },
    });
    queryClient.setQueryData(queryKeys.adminUsers.page({ page: 1 }), pageReply([]));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await confirmWithReason(user, 'Approve loan', 'Steady income, portfolio above the minimum');
    expect(await screen.findByText('Loan approved and paid out')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.adminUsers.page({ page: 1 }))?.isInvalidated).toBe(true),
    );
  });

  test('Cancel sends nothing; a refusal shows the server’s words', async () => {
    const { fetchMock, user } = await openApplication({
      [`GET /api/admin/loan-applications/${id(1)}`]: { status: 200, body: application() },
      [APPROVE]: {
        status: 422,
        body: {
          code: 'LOAN_REQUIREMENTS_NOT_MET',
          message: 'This loan requires a portfolio of at least $350,000.00; yours is $349,999.99.',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve loan' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, APPROVE)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await confirmWithReason(user, 'Approve loan', 'Checked');
    expect(
      await screen.findByText(
        'This loan requires a portfolio of at least $350,000.00; yours is $349,999.99.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, APPROVE)).toEqual([{ reason: 'Checked' }]);
  });
});

describe('LoanApplicationsTab: the list on a phone', () => {
  test('a row keeps to the customer and the amount: the name wraps, the plan and date stand under it, the status under the amount', async () => {
    mockApi({ 'GET /api/admin/loan-applications': pageReply([application()]) });
    renderPages([{ path: '/all-user', component: LoanApplicationsTab }], '/all-user?tab=loans', {
      me: buildMe({ role: 'accountant' }),
    });
    const open = await screen.findByRole('button', { name: 'Ada Lovelace' });
    // The button that opens the application (its Approve and Decline) wraps on a phone, cut only from sm.
    const classes = open.className.split(' ');
    expect(classes).not.toContain('truncate');
    expect(classes).toContain('sm:truncate');

    const row = screen.getByRole('row', { name: /Ada Lovelace/ });
    const cells = within(row).getAllByRole('cell');
    const shownFrom = cells.map((cell) =>
      cell.className.split(' ').find((name) => name.endsWith(':table-cell')),
    );
    // Customer, Plan, Amount, Portfolio, Monthly income, Status, Date.
    expect(shownFrom).toEqual([
      undefined,
      'sm:table-cell',
      undefined,
      'lg:table-cell',
      'lg:table-cell',
      'sm:table-cell',
      'md:table-cell',
    ]);
    const [customer, , amount] = cells as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(customer).getByText('Level 1 loan').className.split(' ')).toContain('sm:hidden');
    expect(within(customer).getByRole('time').parentElement?.className.split(' ')).toContain('md:hidden');
    const status = within(amount).getByTestId('status-under-amount');
    expect(status.textContent).toBe('Under review');
    expect(status.className.split(' ')).toContain('sm:hidden');
  });
});
