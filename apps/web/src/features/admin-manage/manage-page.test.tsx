import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { ManagePage } from './manage-page.tsx';

describe('ManagePage', () => {
  test('the tabs follow the keyboard and keep the selected tab in the URL', async () => {
    mockApi({});
    const { router } = renderPages([{ path: '/all-user', component: () => <ManagePage /> }], '/all-user', {
      me: buildMe({ role: 'admin' }),
    });
    const users = await screen.findByRole('tab', { name: 'Users' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('This section is not available yet.')).toBeTruthy();

    const user = userEvent.setup();
    users.focus();
    await user.keyboard('{ArrowLeft}');
    // An admin's last tab is the audit log (the Staff tab is the owner's).
    const audit = screen.getByRole('tab', { name: 'Audit log' });
    expect(audit.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(audit);
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'audit' }));

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Deposit' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Deposit' }).id,
    );
  });

  test('opens on the tab named in the URL', async () => {
    mockApi({});
    renderPages([{ path: '/all-user', component: () => <ManagePage /> }], '/all-user?tab=settings', {
      me: buildMe({ role: 'admin' }),
    });
    expect((await screen.findByRole('tab', { name: 'Settings' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Delivery log' }).getAttribute('href')).toBe('/admin/outbox');
  });

  test.each([
    [
      'owner',
      [
        'Users',
        'Deposit',
        'Withdrawals',
        'Trades',
        'Approvals',
        'Verifications',
        'Loan applications',
        'Payment',
        'Settings',
        'Plans',
        'Audit log',
        'Staff',
      ],
    ],
    [
      'admin',
      [
        'Users',
        'Deposit',
        'Withdrawals',
        'Trades',
        'Approvals',
        'Verifications',
        'Loan applications',
        'Payment',
        'Settings',
        'Plans',
        'Audit log',
      ],
    ],
    ['compliance', ['Users', 'Deposit', 'Withdrawals', 'Trades', 'Verifications', 'Audit log']],
    // Identity documents are for compliance, admins and the owner (verifications.read).
    ['support', ['Users', 'Deposit', 'Withdrawals', 'Trades', 'Loan applications']],
    ['accountant', ['Users', 'Deposit', 'Withdrawals', 'Trades', 'Approvals', 'Loan applications']],
  ] as const)('a %s sees only the tabs the role may use', async (role, tabs) => {
    mockApi({});
    renderPages([{ path: '/all-user', component: () => <ManagePage /> }], '/all-user', {
      me: buildMe({ role }),
    });
    await screen.findByRole('tab', { name: 'Users' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(tabs);
    expect(Boolean(screen.queryByRole('link', { name: 'Delivery log' }))).toBe(
      role !== 'compliance' && role !== 'accountant',
    );
  });

  test('a tab the role may not use, named in the URL, opens the first tab instead', async () => {
    mockApi({});
    renderPages([{ path: '/all-user', component: () => <ManagePage /> }], '/all-user?tab=settings', {
      me: buildMe({ role: 'support' }),
    });
    expect((await screen.findByRole('tab', { name: 'Users' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
    expect(screen.queryByText('Site name')).toBeNull();
  });
});
