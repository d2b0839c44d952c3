import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { buildAdminUser, buildBalances } from '../../test/admin-users.ts';
import {
  buildMe,
  callsTo,
  idempotencyKeys,
  mockApi,
  pageReply,
  renderPages,
} from '../../test/render-page.tsx';
import { AdminUserPage } from './admin-user-page.tsx';

const ID = 'user-42';
const ADJUST_URL = `POST /api/admin/users/${ID}/adjustments`;
const SETTINGS = { holdEnabled: false, holdReason: null, requireCode: false, updatedAt: null };

/** The user page of Grace Hopper with $1,000.00 available; answers the adjustment with `adjusted`. */
function renderUserPage(adjusted?: object, status = 200) {
  const fetchMock = mockApi({
    [`GET /api/admin/users/${ID}`]: { status: 200, body: buildAdminUser() },
    [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    ...(adjusted ? { [ADJUST_URL]: { status, body: adjusted } } : {}),
  });
  const { queryClient } = renderPages(
    [{ path: '/user/$id', component: () => <AdminUserPage entriesTable={() => null} /> }],
    `/user/${ID}`,
    { me: buildMe({ role: 'admin' }) },
  );
  return Object.assign(fetchMock, { queryClient });
}

async function fillDebit(amount: string, reason: string) {
  const user = userEvent.setup({ delay: null });
  const form = within(await screen.findByRole('form', { name: 'Manual adjustment' }));
  await user.click(form.getByRole('radio', { name: 'Debit' }));
  await user.type(form.getByLabelText('Amount (USD)'), amount);
  await user.type(form.getByLabelText('Reason'), reason);
  await user.click(form.getByRole('button', { name: 'Debit balance' }));
}

describe('Manual adjustment: confirmed before it posts', () => {
  test('the button opens a confirmation naming the type, amount, customer and reason; nothing is sent yet', async () => {
    const fetchMock = renderUserPage();
    await fillDebit('498.40', 'fee');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
    const shown = (term: string) => dialog.getByText(term).nextElementSibling?.textContent;
    expect(shown('Type')).toBe('Debit');
    expect(shown('Amount')).toBe('$498.40');
    expect(shown('Customer')).toBe('Grace Hoppergrace@example.com');
    expect(shown('Reason')).toBe('fee');
    expect(dialog.getByText(/The customer is mailed this adjustment/).textContent).toContain(
      'cannot be closed for 7 days',
    );
    expect(dialog.getByRole('button', { name: 'Debit $498.40' })).toBeTruthy();
    // The dialog takes the focus on Cancel: Enter in haste posts nothing.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(callsTo(fetchMock, ADJUST_URL)).toEqual([]);
  });

  test('Cancel closes it and sends nothing; the form keeps what was typed', async () => {
    const fetchMock = renderUserPage();
    await fillDebit('12.34', 'Reversal');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, ADJUST_URL)).toEqual([]);
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('12.34');
  });

  test('confirming posts it once, with an Idempotency-Key, and closes the dialog', async () => {
    const fetchMock = renderUserPage({
      state: 'completed',
      entryId: '7',
      approval: null,
      balances: buildBalances({ available: '501.60', total: '501.60' }),
    });
    await fillDebit('498.40', 'fee');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Debit $498.40' }));
    expect(await screen.findByText('Balance adjusted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, ADJUST_URL)).toEqual([{ direction: 'debit', amount: '498.40', reason: 'fee' }]);
    expect(idempotencyKeys(fetchMock, `/api/admin/users/${ID}/adjustments`)).toHaveLength(1);
  });

  test('an adjustment refreshes the Users tab, which shows the balance it changed', async () => {
    const { queryClient } = renderUserPage({
      state: 'completed',
      entryId: '7',
      approval: null,
      balances: buildBalances({ available: '501.60', total: '501.60' }),
    });
    queryClient.setQueryData(queryKeys.adminUsers.page({ page: 1 }), pageReply([]));
    await fillDebit('498.40', 'fee');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Debit $498.40' }));
    expect(await screen.findByText('Balance adjusted')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.adminUsers.page({ page: 1 }))?.isInvalidated).toBe(true),
    );
  });

  test('a debit the server refuses (the cash is promised to debits awaiting approval) is said beside the amount', async () => {
    const message = 'A debit cannot take the balance below zero';
    const fetchMock = renderUserPage({ code: 'INSUFFICIENT_FUNDS', message }, 422);
    // $600 of the $1,000.00 available: the form lets it through, the server refuses it.
    await fillDebit('600', 'Chargeback');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Debit $600.00' }));
    const amount = within(screen.getByRole('form', { name: 'Manual adjustment' })).getByLabelText(
      'Amount (USD)',
    );
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(callsTo(fetchMock, ADJUST_URL)).toHaveLength(1);
  });

  test('above the threshold with nobody else to approve it, it is carried out: the toast says so, and why it did not wait', async () => {
    renderUserPage({
      state: 'completed',
      entryId: '8',
      approval: null,
      balances: buildBalances({ available: '0.00', total: '0.00' }),
      fourEyes: 'no_second_decider',
    });
    await fillDebit('1000.00', 'Duplicate deposit');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Debit $1,000.00' }));
    expect(await screen.findByText('Balance adjusted')).toBeTruthy();
    expect(
      screen.getByText(
        'Carried out without a second approval. No other staff member can approve this yet, so it did not wait. The audit log records why.',
      ),
    ).toBeTruthy();
  });
});

describe("a staff member's page (decision 062)", () => {
  test('offers no adjustment, booking or withdrawal settings and says why; the balance held from before is still shown', async () => {
    mockApi({
      [`GET /api/admin/users/${ID}`]: {
        status: 200,
        body: buildAdminUser({
          role: 'owner',
          balances: buildBalances({ available: '10.00', total: '10.00' }),
        }),
      },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderPages(
      [{ path: '/user/$id', component: () => <AdminUserPage entriesTable={() => null} /> }],
      `/user/${ID}`,
      { me: buildMe({ role: 'owner' }) },
    );
    expect(
      await screen.findByText('Staff accounts do not hold money: money moves on customer accounts only.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Total balance' })).getByText('$10.00')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Manual adjustment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Book external trade' })).toBeNull();
    // Nothing moves through a staff account's withdrawal settings: no hold or code to set.
    expect(screen.queryByRole('heading', { name: 'Withdrawal settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Settings' })).toBeNull();
  });
});
