import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { confirmWithReason } from '../../test/reason-dialog.ts';
import { recordId as id } from '../../test/record-id.ts';
import { buildMe, callsTo, mockApi, pageReply, renderPages, requestedUrls } from '../../test/render-page.tsx';
import { DepositsTab } from './deposits-tab.tsx';

function item(n: number, overrides: object = {}) {
  return {
    id: id(n),
    userId: `user-${n}`,
    email: `user${n}@example.com`,
    amount: '1234.50',
    coin: 'bitcoin',
    cryptoAmount: '0.018361',
    status: 'pending',
    createdAt: '2026-03-04T12:00:00.000Z',
    ...overrides,
  };
}

function detail(n: number, status: string) {
  return {
    ...item(n, { status }),
    rate: '67234.12',
    rateSource: 'simulated',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    transactionHash: null,
    decisionReason: status === 'rejected' ? 'Nothing arrived' : null,
    quoteExpiresAt: '2026-03-04T13:00:00.000Z',
    decidedAt: '2026-03-04T14:00:00.000Z',
    customerName: 'Ada Lovelace',
    customerEmail: `user${n}@example.com`,
    proof: { fileId: id(99), url: `/api/files/${id(99)}`, contentType: 'image/png' },
    decidedBy: { id: 'admin', name: 'Admin' },
  };
}

function renderTab(url = '/all-user?tab=deposits') {
  return renderPages(
    [
      { path: '/all-user', component: DepositsTab },
      { path: '/deposit/$id', component: () => <p>Deposit details marker</p> },
    ],
    url,
    { me: buildMe({ role: 'admin' }) },
  );
}

describe('the Deposit tab', () => {
  test('shows the seed columns; a status it does not know reads Unknown; only pending rows have actions', async () => {
    mockApi({
      'GET /api/admin/deposits': pageReply([
        item(1),
        item(2, { status: 'approved', coin: 'usdt' }),
        item(3, { status: 'refunded' }),
      ]),
    });
    renderTab();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Amount', 'Method', 'Status', 'Actions', 'Date']);
    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('user1@example.com')).toBeTruthy();
    expect(first.getByText('$1,234.50')).toBeTruthy();
    expect(first.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(first.getByRole('button', { name: 'Approve the deposit of user1@example.com' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('USDT(Trc20)')).toBeTruthy();
    // Where the Date column hides (phones, tablets), the date stands under the e-mail.
    expect(rows[0]?.querySelector('td:first-child time')?.getAttribute('datetime')).toBe(
      '2026-03-04T12:00:00.000Z',
    );
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[2] as HTMLElement).getAllByText('Unknown').length).toBeGreaterThan(0);
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
  });

  test('pages with Previous and Next, showing "Page x of y"', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/deposits': ({ url }) => {
        const n = Number(url.searchParams.get('page'));
        return pageReply([item(n)], n, 3);
      },
    });
    const { router } = renderTab();
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user2@example.com')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'deposits', page: 2 });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect([
      ...new Set(requestedUrls(fetchMock, '/api/admin/deposits').map((url) => url.searchParams.get('page'))),
    ]).toEqual(['1', '2']);
  });

  test('searches by e-mail on the server once typing pauses', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/deposits': ({ url }) =>
        url.searchParams.get('search')
          ? pageReply([item(7, { email: 'ada@example.com' })])
          : pageReply([item(1), item(2)]),
    });
    renderTab();
    await screen.findByText('user1@example.com');
    await userEvent.setup().type(screen.getByLabelText('Search by email'), 'ADA@');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByText('user1@example.com')).toBeNull();
    expect([
      ...new Set(
        requestedUrls(fetchMock, '/api/admin/deposits').map((url) => url.searchParams.get('search')),
      ),
    ]).toEqual([null, 'ADA@']);
  });

  test('Approve asks for the reason first, then sends it with an Idempotency-Key, stays on the list and refreshes it', async () => {
    let approved = false;
    const fetchMock = mockApi({
      'GET /api/admin/deposits': () => pageReply([item(1, { status: approved ? 'approved' : 'pending' })]),
      [`GET /api/admin/deposits/${id(1)}`]: {
        status: 200,
        body: { ...detail(1, 'pending'), transactionHash: '0xabc123' },
      },
      [`POST /api/admin/deposits/${id(1)}/approve`]: () => {
        approved = true;
        return { status: 200, body: detail(1, 'approved') };
      },
    });
    const { router } = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve the deposit of user1@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit' });
    expect(dialog.textContent).toContain(
      "$1,234.50 from user1@example.com is credited to the customer's cash",
    );
    expect(dialog.textContent).toContain('the customer does not see it');
    // What the approval rests on, without leaving the list: the proof, the coins, the hash.
    expect(
      (
        await within(dialog).findByRole('img', { name: 'Proof of payment from user1@example.com' })
      ).getAttribute('src'),
    ).toBe(`/api/files/${id(99)}`);
    expect(dialog.textContent).toContain('Coin amount: 0.018361 BTC');
    expect(dialog.textContent).toContain('Transaction hash: 0xabc123');
    // No reason, no request: the dialog says what is missing in the server's words.
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reason is required');
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Reason is required');
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${id(1)}/approve`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Reason'));
    await confirmWithReason(user, 'Approve deposit', '  Seen on chain, 3 confirmations ');
    expect(await screen.findByText('Deposit successful')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull());
    expect(router.state.location.pathname).toBe('/all-user');
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${id(1)}/approve`)).toEqual([
      { reason: 'Seen on chain, 3 confirmations' },
    ]);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/approve'));
    expect(new Headers(call?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('Cancel or Escape in the Approve dialog sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/deposits': pageReply([item(1)]) });
    renderTab();
    const user = userEvent.setup();
    const approve = await screen.findByRole('button', { name: 'Approve the deposit of user1@example.com' });
    await user.click(approve);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve deposit' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(approve);
    await screen.findByRole('dialog', { name: 'Approve deposit' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${id(1)}/approve`)).toHaveLength(0);
  });

  test('a proof of payment that cannot be loaded is said in the dialog, with the way to the deposit', async () => {
    mockApi({
      'GET /api/admin/deposits': pageReply([item(1)]),
      [`GET /api/admin/deposits/${id(1)}`]: { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject the deposit of user1@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The proof of payment could not be loaded.',
    );
    expect(within(dialog).getByRole('link', { name: 'Open the deposit' }).getAttribute('href')).toBe(
      `/deposit/${id(1)}`,
    );
  });

  test('Reject asks for a reason, then sends it', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/deposits': pageReply([item(1)]),
      [`GET /api/admin/deposits/${id(1)}`]: { status: 200, body: detail(1, 'pending') },
      [`POST /api/admin/deposits/${id(1)}/reject`]: { status: 200, body: detail(1, 'rejected') },
    });
    const { router } = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject the deposit of user1@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reason is required');
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${id(1)}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Nothing arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(await screen.findByText('Deposit rejected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${id(1)}/reject`)).toEqual([
      { reason: 'Nothing arrived' },
    ]);
    expect(router.state.location.pathname).toBe('/all-user');
  });

  test('a refused decision is explained', async () => {
    mockApi({
      'GET /api/admin/deposits': pageReply([item(1)]),
      [`POST /api/admin/deposits/${id(1)}/approve`]: {
        status: 409,
        body: { code: 'ALREADY_DECIDED', message: 'This deposit was already rejected' },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Approve/ }));
    await confirmWithReason(user, 'Approve deposit', 'Seen on chain');
    expect(await screen.findByText('This deposit was already rejected')).toBeTruthy();
  });

  test('a row opens the deposit', async () => {
    mockApi({ 'GET /api/admin/deposits': pageReply([item(5, { status: 'approved' })]) });
    const { router } = renderTab();
    await userEvent.setup().click(await screen.findByText('$1,234.50'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deposit/${id(5)}`));
  });

  test('no deposits', async () => {
    mockApi({ 'GET /api/admin/deposits': pageReply([]) });
    renderTab();
    expect(await screen.findByText('No deposits found.')).toBeTruthy();
  });

  test('a search that finds nothing says it searched by e-mail address', async () => {
    mockApi({ 'GET /api/admin/deposits': pageReply([]) });
    renderTab('/all-user?tab=deposits&search=nobody');
    expect(await screen.findByText('No deposits found.')).toBeTruthy();
    expect(screen.getByText('No deposit was made from an e-mail address matching your search.')).toBeTruthy();
  });

  test('a role that may not decide deposits (support) sees the pending deposit without Approve or Reject', async () => {
    mockApi({ 'GET /api/admin/deposits': pageReply([item(1)]) });
    renderPages([{ path: '/all-user', component: DepositsTab }], '/all-user?tab=deposits', {
      me: buildMe({ role: 'support' }),
    });
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
  });
});
