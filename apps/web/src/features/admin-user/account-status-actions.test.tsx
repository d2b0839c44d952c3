import type { AdminUser } from '@candor/contracts/admin-users';
import type { StaffRole } from '@candor/contracts/staff';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { buildAdminUser } from '../../test/admin-users.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { AccountStatusActions } from './account-status-actions.tsx';

const ID = 'user-42';

function renderActions(role: StaffRole, user: AdminUser = buildAdminUser()) {
  return renderPages(
    [
      {
        path: '/user/$id',
        component: () => (
          <>
            <h1>User page</h1>
            <AccountStatusActions user={user} />
          </>
        ),
      },
      { path: '/all-user', component: () => <p>Manage page</p> },
    ],
    `/user/${ID}`,
    { me: buildMe({ id: 'staff-1', role }) },
  );
}

async function confirmWithReason(dialogTitle: string, reason: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: dialogTitle });
  if (reason) await user.type(within(dialog).getByLabelText('Reason'), reason);
  await user.click(within(dialog).getByRole('button', { name: dialogTitle }));
  return dialog;
}

describe('AccountStatusActions: who sees what', () => {
  test.each([
    ['owner', true, true],
    ['admin', true, true],
    ['compliance', true, false],
    ['support', false, false],
    ['accountant', false, false],
  ] as const)('%s: suspend %s, close %s', async (role, suspend, close) => {
    mockApi({});
    renderActions(role);
    await screen.findByText('User page');
    expect(screen.queryByRole('button', { name: 'Suspend account' }) !== null).toBe(suspend);
    expect(screen.queryByRole('button', { name: 'Close account' }) !== null).toBe(close);
  });

  test('a suspended account offers Unsuspend account; a closed account offers nothing', async () => {
    mockApi({});
    const view = renderActions('owner', buildAdminUser({ status: 'suspended', statusReason: 'KYC' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
    view.unmount();
    renderActions('owner', buildAdminUser({ status: 'closed' }));
    await screen.findByText('User page');
    expect(screen.queryByRole('button', { name: /account$/ })).toBeNull();
  });
});

describe('suspending and unsuspending', () => {
  test('a reason is required: nothing is sent without one', async () => {
    const fetchMock = mockApi({});
    renderActions('compliance');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Suspend account' }));
    await confirmWithReason('Suspend account', '');
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/users/${ID}/suspend`)).toEqual([]);
  });

  test('suspends with the reason and says "User status updated"', async () => {
    const fetchMock = mockApi({
      [`POST /api/admin/users/${ID}/suspend`]: ({ body }) => ({
        status: 200,
        body: { id: ID, status: 'suspended', statusReason: (body as { reason: string }).reason },
      }),
    });
    renderActions('compliance');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await confirmWithReason('Suspend account', 'Proof of address expired');
    expect(within(dialog).getByText('Shown to the customer.')).toBeTruthy();
    expect(await screen.findByText('User status updated')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/users/${ID}/suspend`)).toEqual([
      { reason: 'Proof of address expired' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('unsuspends a suspended account; a refusal says why', async () => {
    const fetchMock = mockApi({
      [`POST /api/admin/users/${ID}/unsuspend`]: {
        status: 409,
        body: { code: 'ACCOUNT_STATUS_UNCHANGED', message: 'This account is not suspended.' },
      },
    });
    renderActions('admin', buildAdminUser({ status: 'suspended', statusReason: 'KYC' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsuspend account' }));
    await confirmWithReason('Unsuspend account', 'Documents received');
    expect(await screen.findByText('Failed to update user status')).toBeTruthy();
    expect(await screen.findByText('This account is not suspended.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/users/${ID}/unsuspend`)).toEqual([
      { reason: 'Documents received' },
    ]);
  });
});

test('a double click on the confirm button sends one request and tells one outcome', async () => {
  const fetchMock = mockApi({
    [`POST /api/admin/users/${ID}/suspend`]: ({ body }) => ({
      status: 200,
      body: { id: ID, status: 'suspended', statusReason: (body as { reason: string }).reason },
    }),
  });
  renderActions('compliance');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Suspend account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
  await user.type(within(dialog).getByLabelText('Reason'), 'Proof of address expired');
  const confirm = within(dialog).getByRole('button', { name: 'Suspend account' });
  // Two clicks in one moment, before the page can show that the first is under way.
  fireEvent.click(confirm);
  fireEvent.click(confirm);
  expect(await screen.findByText('User status updated')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo(fetchMock, `POST /api/admin/users/${ID}/suspend`)).toHaveLength(1);
  expect(screen.queryByText('Failed to update user status')).toBeNull();
});

describe('closing the account', () => {
  test('shows "Deleting..." while it works, then "User deleted successfully" and goes back to /all-user', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).endsWith('/close-check')
        ? Promise.resolve(
            new Response(JSON.stringify({ refusals: [] }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          )
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderActions('owner');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close account' }));
    // The reason reaches the customer in the closure notice (decision 046): the field says so.
    expect(
      await screen.findByText(
        'E-mailed to the customer with the closure notice, and recorded in the audit log.',
      ),
    ).toBeTruthy();
    const dialog = await confirmWithReason('Close account', 'Customer asked to leave');
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/close')) ?? [];
    expect(String(url)).toBe(`/api/admin/users/${ID}/close`);
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Customer asked to leave' });
    answer(
      new Response(JSON.stringify({ id: ID, status: 'closed', closedAt: '2026-11-25T10:00:00.000Z' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
    expect(await screen.findByText('Manage page')).toBeTruthy();
  });

  test('a refusal naming several blockers stays until closed: there is more to read than a toast gives time for', async () => {
    const message =
      'The account has 1 open position, with $5.00 reserved as its margin: close it before closing the account. The balance is $4.00: it must be zero to close the account.';
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({
        // Nothing was left when the dialog opened; a trade was opened meanwhile: the close decides.
        [`GET /api/admin/users/${ID}/close-check`]: { status: 200, body: { refusals: [] } },
        [`POST /api/admin/users/${ID}/close`]: {
          status: 409,
          body: { code: 'ACCOUNT_NOT_CLOSABLE', message },
        },
      });
      renderActions('owner');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Close account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close account' });
      await user.type(within(dialog).getByLabelText('Reason'), 'Customer asked to leave');
      await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
      expect(await screen.findByText(message)).toBeTruthy();
      // A minute later (the toasts' own 4 s long gone), it is still there to read.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(screen.getByText(message)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  test('what stands in the way is listed when the dialog opens, and no reason is asked for', async () => {
    const refusals = [
      'The account has 1 open position, with $5.00 reserved as its margin: close it before closing the account.',
      'The balance is $4.00: it must be zero to close the account.',
    ];
    const fetchMock = mockApi({
      [`GET /api/admin/users/${ID}/close-check`]: { status: 200, body: { refusals } },
    });
    renderActions('owner', buildAdminUser({ fullName: 'Ada Lovelace' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close account' });
    expect(
      await within(dialog).findByText("'s account cannot be closed yet:", { exact: false }),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(refusals);
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close account' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, `POST /api/admin/users/${ID}/close`)).toHaveLength(0);
  });

  test('a refusal says "Failed to delete user" and the reason why not, and stays on the page', async () => {
    // The check could not be read (here: no answer for it): the reason is asked, and the close decides.
    mockApi({
      [`POST /api/admin/users/${ID}/close`]: {
        status: 409,
        body: {
          code: 'ACCOUNT_NOT_CLOSABLE',
          message: 'The balance is $12.00: it must be zero to close the account.',
        },
      },
    });
    renderActions('owner');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close account' }));
    await confirmWithReason('Close account', 'Customer asked to leave');
    expect(await screen.findByText('Failed to delete user')).toBeTruthy();
    expect(
      await screen.findByText('The balance is $12.00: it must be zero to close the account.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close account' })).toBeTruthy();
    expect(screen.queryByText('Manage page')).toBeNull();
  });
});
