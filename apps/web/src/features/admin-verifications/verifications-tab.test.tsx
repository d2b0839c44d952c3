import type { AdminVerificationItem } from '@candor/contracts/verifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, pageReply, renderPages, requestedUrls } from '../../test/render-page.tsx';
import { formatWaiting } from './verification-format.ts';
import { VerificationsTab } from './verifications-tab.tsx';

function item(n: number, overrides: Partial<AdminVerificationItem> = {}): AdminVerificationItem {
  return {
    userId: `user-${n}`,
    email: `customer${n}@example.com`,
    status: 'pending',
    submittedAt: '2026-11-20T10:00:00.000Z',
    waitingSeconds: 3 * 3600 + 5 * 60,
    ...overrides,
  };
}

function renderTab(url = '/all-user?tab=verifications', role: 'compliance' | 'support' = 'compliance') {
  return renderPages(
    [
      { path: '/all-user', component: VerificationsTab },
      { path: '/admin/verifications/$uid', component: () => <p>Verification page</p> },
    ],
    url,
    { me: buildMe({ role }) },
  );
}

describe('the Verifications tab', () => {
  test('shows Email, Status, the waiting time and View; the queue is asked for by default', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications': {
        status: 200,
        body: {
          items: [
            item(1),
            item(2, { status: 'verified', waitingSeconds: 600 }),
            item(3, { status: 'unverified' }),
          ],
          page: 1,
          pageCount: 3,
          total: 23,
        },
      },
    });
    renderTab();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Status', 'Waiting', 'Submitted', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('customer1@example.com');
    expect(within(rows[0] as HTMLElement).getByText('Pending review')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Pending review · Waiting 3 h 5 min')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('3 h 5 min')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Verified')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Not Verified')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const url = requestedUrls(fetchMock, '/api/admin/verifications').at(-1);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ page: '1', filter: 'queue' });
  });

  test('View opens /admin/verifications/{uid}', async () => {
    mockApi({ 'GET /api/admin/verifications': pageReply([item(7)]) });
    const { router } = renderTab();
    await userEvent.click(
      await screen.findByRole('link', { name: 'View the verification of customer7@example.com' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/verifications/user-7'));
  });

  test('the search and the filter go to the server', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/verifications': pageReply([item(1)]) });
    renderTab();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    await userEvent.type(screen.getByRole('searchbox'), 'ada@');
    await waitFor(() => {
      const last = requestedUrls(fetchMock, '/api/admin/verifications').at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        page: '1',
        filter: 'all',
        search: 'ada@',
      });
    });
  });

  test('the decline reasons are edited under the list, closed until opened, by those who decide', async () => {
    mockApi({
      'GET /api/admin/verifications': pageReply([item(1)]),
      'GET /api/admin/verification-reasons': {
        status: 200,
        body: { items: [{ code: 'unreadable', label: 'Unreadable', active: true }] },
      },
    });
    const user = userEvent.setup();
    renderTab();
    const summary = await screen.findByText('Decline reasons');
    expect(summary.closest('details')?.open).toBe(false);
    await user.click(summary);
    expect(await screen.findByRole('list', { name: 'Reasons' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add reason' })).toBeTruthy();
  });

  test('a role that does not decide is not offered the reasons', async () => {
    mockApi({ 'GET /api/admin/verifications': pageReply([item(1)]) });
    renderTab('/all-user?tab=verifications', 'support');
    expect(await screen.findByText('customer1@example.com')).toBeTruthy();
    expect(screen.queryByText('Decline reasons')).toBeNull();
  });

  test('an empty list says No verifications available', async () => {
    mockApi({ 'GET /api/admin/verifications': pageReply([]) });
    renderTab();
    expect(await screen.findByText('No verifications available')).toBeTruthy();
  });
});

describe('formatWaiting', () => {
  test.each([
    [45, '45 s'],
    [12 * 60, '12 min'],
    [3 * 3600, '3 h'],
    [3 * 3600 + 5 * 60, '3 h 5 min'],
    [2 * 86400 + 4 * 3600, '2 d 4 h'],
  ])('%i seconds read %s', (seconds, text) => {
    expect(formatWaiting(seconds)).toBe(text);
  });
});
