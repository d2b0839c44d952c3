import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { confirmWithReason } from '../../test/reason-dialog.ts';
import { recordId as id } from '../../test/record-id.ts';
import { buildMe, callsTo, mockApi, pageReply, renderPages, requestedUrls } from '../../test/render-page.tsx';
import { WithdrawalsTab } from './withdrawals-tab.tsx';

function item(n: number, overrides: object = {}) {
  return {
    id: id(n),
    userId: `user-${n}`,
    email: `user${n}@example.com`,
    amount: '1234.50',
    fee: '30.86',
    net: '1203.64',
    method: 'crypto',
    methodLabel: 'Bitcoin(BTC)',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    status: 'pending',
    awaitingApproval: false,
    createdAt: '2026-03-04T12:00:00.000Z',
    ...overrides,
  };
}

function detail(n: number, status: string) {
  return {
    ...item(n, { status }),
    feePercent: '2.50',
    holdReason: null,
    rejectionReason: status === 'rejected' ? 'Name does not match' : null,
    codeExpiresAt: null,
    decidedAt: '2026-03-04T14:00:00.000Z',
    details: { coin: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    fullName: 'Ada Lovelace',
    decidedBy: { id: 'admin-1', name: 'Ada Admin' },
    decisionReason: status === 'rejected' ? 'Name does not match' : null,
    codeAttempts: 0,
    holdReleased: null,
    entries: [],
    reservationEntryId: '1',
    awaitingApproval: null,
    updatedAt: '2026-03-04T14:00:00.000Z',
  };
}

function renderTab(url = '/all-user?tab=withdrawals') {
  return renderPages(
    [
      { path: '/all-user', component: WithdrawalsTab },
      { path: '/withdrawal/$id', component: () => <p>Withdrawal details marker</p> },
    ],
    url,
    { me: buildMe({ role: 'admin' }) },
  );
}

describe('the Withdrawals tab', () => {
  test('the seed’s columns plus Address; Approve and Reject only on pending rows; Unknown for an unexpected status', async () => {
    mockApi({
      'GET /api/admin/withdrawals': pageReply([
        item(1),
        item(2, {
          status: 'on_hold',
          method: 'paypal',
          methodLabel: 'Paypal',
          address: 'ada@paypal.example',
        }),
        item(3, { status: 'approved', method: 'gcash', methodLabel: 'GCash', address: '09171234567' }),
        item(4, { status: 'awaiting_confirmation' }),
        item(5, { status: 'teleported' }),
      ]),
    });
    renderTab();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Email', 'Amount', 'Method', 'Address', 'Status', 'Actions', 'Date']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('user1@example.com')).toBeTruthy();
    expect(first.getByText('$1,234.50')).toBeTruthy();
    expect(first.getAllByText('Bitcoin(BTC)', { exact: false }).length).toBeGreaterThan(0);
    expect(first.getByText('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Approve the withdrawal of user1@example.com' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('On hold')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('ada@paypal.example')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('Approved')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Awaiting confirmation')).toBeTruthy();
    expect(within(rows[4] as HTMLElement).getByText('Unknown')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  test('searches by e-mail on the server and pages with Previous and Next', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/withdrawals': ({ url }) => {
        const search = url.searchParams.get('search');
        const pageNumber = Number(url.searchParams.get('page'));
        if (search) return pageReply([item(9, { email: 'ada@example.com' })]);
        return pageReply([item(pageNumber, { email: `page${pageNumber}@example.com` })], pageNumber, 3);
      },
    });
    const { router } = renderTab();
    expect(await screen.findByText('page1@example.com')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('page2@example.com')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'withdrawals', page: 2 });

    await user.type(screen.getByLabelText('Search by email'), 'ada@');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    const searches = [
      ...new Set(
        requestedUrls(fetchMock, '/api/admin/withdrawals').map((url) => url.searchParams.get('search')),
      ),
    ];
    expect(searches).toEqual([null, 'ada@']);
    const last = requestedUrls(fetchMock, '/api/admin/withdrawals').at(-1);
    expect(last?.searchParams.get('page')).toBe('1');
  });

  test('a search that finds nothing says it searched by e-mail address, not a payout address', async () => {
    mockApi({ 'GET /api/admin/withdrawals': pageReply([]) });
    renderTab('/all-user?tab=withdrawals&search=nobody');
    expect(
      await screen.findByText('No withdrawal was requested from an e-mail address matching your search.'),
    ).toBeTruthy();
  });

  test('a row opens /withdrawal/{id}', async () => {
    mockApi({ 'GET /api/admin/withdrawals': pageReply([item(7, { status: 'approved' })]) });
    const { router } = renderTab();
    await userEvent.setup().click(await screen.findByText('$1,234.50'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/withdrawal/${id(7)}`));
  });

  test('Approve decides with an Idempotency-Key and the list refreshes', async () => {
    let decided = false;
    const fetchMock = mockApi({
      'GET /api/admin/withdrawals': () => pageReply([item(1, { status: decided ? 'approved' : 'pending' })]),
      [`POST /api/admin/withdrawals/${id(1)}/approve`]: () => {
        decided = true;
        return { status: 200, body: detail(1, 'approved') };
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Approve the withdrawal of user1@example.com' }),
    );
    // The reason is asked first; without one nothing is sent.
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal' });
    expect(dialog.textContent).toContain('the customer does not see it');
    // What the approval pays out, from the row: what the customer receives and the fee.
    expect(dialog.textContent).toContain(
      '$1,234.50 to user1@example.com: $1,203.64 is paid out and the fee of $30.86 goes to fee revenue.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reason is required');
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${id(1)}/approve`)).toHaveLength(0);
    await confirmWithReason(user, 'Approve withdrawal', 'Bank account matches the ID');
    expect(await screen.findByText('Withdrawal approved')).toBeTruthy();
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${id(1)}/approve`)).toEqual([
      { reason: 'Bank account matches the ID' },
    ]);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/approve'));
    expect(new Headers(call?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('above the four-eyes threshold Approve says "Awaiting second approval": the row stays pending, without buttons', async () => {
    let waiting = false;
    mockApi({
      'GET /api/admin/withdrawals': () => pageReply([item(1, { awaitingApproval: waiting })]),
      [`POST /api/admin/withdrawals/${id(1)}/approve`]: () => {
        waiting = true;
        return {
          status: 200,
          body: {
            ...detail(1, 'pending'),
            decidedAt: null,
            decidedBy: null,
            awaitingApproval: {
              id: id(7),
              maker: { id: 'u1', name: 'Ada Lovelace', role: 'admin' },
              createdAt: '2026-03-04T12:30:00.000Z',
            },
          },
        };
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Approve the withdrawal of user1@example.com' }),
    );
    await confirmWithReason(user, 'Approve withdrawal', 'Large payout: customer called');
    expect((await screen.findAllByText('Awaiting second approval')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Withdrawal approved')).toBeNull();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Approve the withdrawal of user1@example.com' }),
      ).toBeNull(),
    );
  });

  test('Reject asks for a reason first; a second decision shows the server’s message', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/withdrawals': pageReply([item(1)]),
      [`POST /api/admin/withdrawals/${id(1)}/reject`]: {
        status: 409,
        body: { code: 'ALREADY_DECIDED', message: 'This withdrawal was already approved.' },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Reject the withdrawal of user1@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(within(dialog).getByText('A reason is required to reject a withdrawal')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${id(1)}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Name does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText('This withdrawal was already approved.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/withdrawals/${id(1)}/reject`)).toEqual([
      { reason: 'Name does not match' },
    ]);
  });
});
