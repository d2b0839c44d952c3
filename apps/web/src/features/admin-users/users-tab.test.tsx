import type { AdminUserListItem } from '@candor/contracts/admin-user-list';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import {
  buildMe,
  pageReply as listReply,
  mockApi,
  renderPages,
  requestedUrls,
} from '../../test/render-page.tsx';

/** A page of the Users tab (its total is exact unless `totalCapped`). */
function pageReply(items: readonly AdminUserListItem[], page = 1, pageCount = 1) {
  const reply = listReply(items, page, pageCount);
  return { ...reply, body: { ...reply.body, totalCapped: false } };
}

import { UsersTab } from './users-tab.tsx';

function customer(n: number, overrides: Partial<AdminUserListItem> = {}): AdminUserListItem {
  return {
    id: `user-${n}`,
    fullName: `Customer ${n}`,
    email: `customer${n}@example.com`,
    username: `customer${n}`,
    balance: '1234.50',
    status: 'active',
    identityStatus: 'unverified',
    createdAt: '2026-01-15T09:30:00.000Z',
    ...overrides,
  };
}

function renderTab(url = '/all-user?tab=users') {
  return renderPages(
    [
      { path: '/all-user', component: UsersTab },
      { path: '/user/$id', component: () => <p>User page</p> },
    ],
    url,
    { me: buildMe({ role: 'support' }) },
  );
}

describe('the Users tab', () => {
  test('shows Name, Email, Balance, Status (Active or Blocked) and Date, with page x of y', async () => {
    mockApi({
      'GET /api/admin/users': {
        status: 200,
        body: {
          items: [
            customer(1),
            customer(2, { status: 'suspended', balance: '0.00' }),
            customer(3, { status: 'closed' }),
          ],
          page: 1,
          pageCount: 4,
          total: 33,
          totalCapped: false,
        },
      },
    });
    renderTab();
    expect((await screen.findByRole('status')).textContent).toContain('Loading users...');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'BalanceAvailable', 'Status', 'Date']);
    // The balance is the available cash, not the user page's total, and the heading says so.
    const balance = within(table).getByRole('columnheader', { name: /Balance/ });
    expect(within(balance).getByText('Available')).toBeTruthy();
    expect(balance.getAttribute('title')).toBe(
      "Available cash: what the customer can use now, without what is reserved for open trades and withdrawals. The user's page shows the total.",
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Customer 1');
    expect(rows[0]?.textContent).toContain('customer1@example.com');
    expect(rows[0]?.textContent).toContain('$1,234.50');
    expect(within(rows[0] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Blocked')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Closed')).toBeTruthy();
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
    expect(screen.getByText('33 customers')).toBeTruthy();
  });

  test('a row opens the user page', async () => {
    mockApi({ 'GET /api/admin/users': pageReply([customer(7)]) });
    const { router } = renderTab();
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getAllByRole('row')[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/user-7'));
  });

  test('search, filters and sort go to the server, and Export CSV downloads the same filter', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/users': pageReply([customer(1)]) });
    renderTab();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Search'), 'Ada');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await userEvent.selectOptions(screen.getByLabelText('Verification'), 'verified');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'balance_desc');
    await waitFor(() => {
      const last = requestedUrls(fetchMock, '/api/admin/users').at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        search: 'Ada',
        status: 'suspended',
        verification: 'verified',
        sort: 'balance_desc',
        page: '1',
      });
    });
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/admin/users/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      search: 'Ada',
      status: 'suspended',
      verification: 'verified',
      sort: 'balance_desc',
    });
  });

  test('Next asks the server for the next page', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/users': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? pageReply([customer(11)], 2, 2)
          : pageReply([customer(1)], 1, 2),
    });
    renderTab();
    await screen.findByText('Customer 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Customer 11')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(requestedUrls(fetchMock, '/api/admin/users').at(-1)?.searchParams.get('page')).toBe('2');
  });

  test('a search with too many matches says so', async () => {
    mockApi({
      'GET /api/admin/users': {
        status: 200,
        body: { items: [customer(1)], page: 1, pageCount: 100, total: 1000, totalCapped: true },
      },
    });
    renderTab('/all-user?tab=users&search=a');
    expect(
      await screen.findByText(
        'More than 1,000 customers match: type more of the name or address to narrow the list.',
      ),
    ).toBeTruthy();
  });

  test('an empty result says so', async () => {
    mockApi({ 'GET /api/admin/users': pageReply([]) });
    renderTab('/all-user?tab=users&search=zzz');
    expect(await screen.findByText('No users found.')).toBeTruthy();
    expect(screen.getByText('No customer matches your search and filters.')).toBeTruthy();
  });
});
