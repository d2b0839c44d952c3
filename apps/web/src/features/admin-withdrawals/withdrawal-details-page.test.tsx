import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { confirmWithReason } from '../../test/reason-dialog.ts';
import { buildMe, callsTo, mockApi, pageReply, renderPages } from '../../test/render-page.tsx';
import { buildWithdrawal } from '../../test/withdrawals.ts';
import { WithdrawalDetailsPage } from './withdrawal-details-page.tsx';

const ID = '00000000-0000-4000-8000-000000000001';

function detail(overrides: object = {}) {
  return buildWithdrawal({
    userId: 'user-1',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    decidedBy: null,
    decisionReason: null,
    codeAttempts: 0,
    holdReleased: null,
    method: 'bank',
    details: { accountNumber: '12345678', bankName: 'First Bank', accountName: 'Ada Lovelace' },
    entries: [
      {
        id: '17',
        kind: 'reservation',
        description: 'Reserved for withdrawal by Bank',
        amount: '40.00',
        createdAt: '2026-03-04T12:00:00.000Z',
      },
    ],
    reservationEntryId: '17',
    awaitingApproval: null,
    updatedAt: '2026-03-04T12:00:00.000Z',
    ...overrides,
  });
}

function renderDetails(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  const view = renderPages(
    [
      { path: '/withdrawal/$id', component: WithdrawalDetailsPage },
      { path: '/user/$id', component: () => <p>User marker</p> },
    ],
    `/withdrawal/${ID}`,
    { me: buildMe({ role: 'admin' }) },
  );
  return { ...view, fetchMock };
}

describe('WithdrawalDetailsPage', () => {
  test('every payout detail, the money, the customer and the ledger entries', async () => {
    const { router } = renderDetails({
      [`GET /api/admin/withdrawals/${ID}`]: { status: 200, body: detail() },
    });
    expect(await screen.findByRole('heading', { name: '$40.00 by Bank' })).toBeTruthy();
    expect(screen.getByText('12345678')).toBeTruthy();
    expect(screen.getByText('First Bank')).toBeTruthy();
    expect(screen.getByText('$1.00 (2.5%)')).toBeTruthy();
    expect(screen.getByText('$39.00')).toBeTruthy();
    expect(screen.getByText('#17')).toBeTruthy();
    expect(screen.getByText('Withdrawal reserved')).toBeTruthy();
    // The entry says what it moved.
    const entry = screen.getByText('#17').closest('li');
    expect(entry?.textContent).toContain('$40.00');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ada Lovelace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/user-1'));
  });

  test('above the four-eyes threshold Approve answers "Awaiting second approval": still pending, no buttons', async () => {
    let current = detail();
    renderDetails({
      [`GET /api/admin/withdrawals/${ID}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/withdrawals/${ID}/approve`]: () => {
        current = detail({
          awaitingApproval: {
            id: '00000000-0000-4000-8000-000000000007',
            maker: { id: 'u1', name: 'Mona Maker', role: 'accountant' },
            createdAt: '2026-03-04T12:30:00.000Z',
          },
        });
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await confirmWithReason(user, 'Approve withdrawal', 'Large payout: customer called');
    expect((await screen.findAllByText('Awaiting second approval')).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Withdrawal approved')).toBeNull();
    expect(screen.getByText(/Approved by Mona Maker; awaiting a second staff member/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  test('Approve asks for the reason, sends it, and updates the page in place', async () => {
    let current = detail();
    const { fetchMock } = renderDetails({
      [`GET /api/admin/withdrawals/${ID}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/withdrawals/${ID}/approve`]: () => {
        current = detail({
          status: 'approved',
          decidedAt: '2026-03-04T14:00:00.000Z',
          decidedBy: { id: 'admin-1', name: 'Ada Admin' },
        });
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal' });
    await user.type(within(dialog).getByLabelText('Reason'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reason is required');
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${ID}/approve`)).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Reason'));
    await confirmWithReason(user, 'Approve withdrawal', 'Payout details match');
    expect(await screen.findByText('Withdrawal approved')).toBeTruthy();
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.getByText(/Approved by Ada Admin on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${ID}/approve`)).toEqual([
      { reason: 'Payout details match' },
    ]);
  });

  test('a decision refreshes the Users tab, whose balances it changed, not only the withdrawal lists', async () => {
    const { queryClient } = renderDetails({
      [`GET /api/admin/withdrawals/${ID}`]: { status: 200, body: detail() },
      [`POST /api/admin/withdrawals/${ID}/reject`]: { status: 200, body: detail({ status: 'rejected' }) },
    });
    queryClient.setQueryData(queryKeys.adminUsers.page({ page: 1 }), pageReply([]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await confirmWithReason(user, 'Reject withdrawal', 'Wrong account holder', 'Reject withdrawal');
    expect(await screen.findByText('Withdrawal rejected')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.adminUsers.page({ page: 1 }))?.isInvalidated).toBe(true),
    );
  });

  test('on hold: the reason shows; Release hold sends an optional note, and the page then says who released it', async () => {
    let current = detail({ status: 'on_hold', holdReason: 'Identity check in progress' });
    const { fetchMock } = renderDetails({
      [`GET /api/admin/withdrawals/${ID}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/withdrawals/${ID}/release-hold`]: () => {
        current = detail({
          status: 'pending',
          holdReason: 'Identity check in progress',
          holdReleased: { by: { id: 'admin-1', name: 'Grace Admin' }, at: '2026-03-05T09:30:00.000Z' },
        });
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Identity check in progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release hold' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Verified by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Release hold' }));
    expect(await screen.findByText('Hold released: the withdrawal is pending')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    // Who released it, and when, stands under the hold's reason.
    expect(screen.getByText('Hold released').nextElementSibling?.textContent).toMatch(/^by Grace Admin on /);
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${ID}/release-hold`)).toEqual([
      { reason: 'Verified by phone' },
    ]);
  });

  test('an unknown withdrawal says so', async () => {
    renderDetails({
      [`GET /api/admin/withdrawals/${ID}`]: {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Withdrawal not found' },
      },
    });
    expect(await screen.findByText('Withdrawal not found.')).toBeTruthy();
  });
});
