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
    const settings = screen.getByRole('tab', { name: 'Settings' });
    expect(settings.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(settings);
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'settings' }));

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
    expect(screen.getByRole('link', { name: 'Mail outbox' }).getAttribute('href')).toBe('/admin/outbox');
  });

  test.each([
    ['owner', true],
    ['admin', true],
    ['accountant', true],
    ['support', false],
    ['compliance', false],
  ] as const)('the Approvals tab shows to a %s: %s', async (role, shown) => {
    mockApi({});
    renderPages([{ path: '/all-user', component: () => <ManagePage /> }], '/all-user?tab=approvals', {
      me: buildMe({ role }),
    });
    await screen.findByRole('tab', { name: 'Users' });
    expect(screen.queryByRole('tab', { name: 'Approvals' }) !== null).toBe(shown);
    // Asked for in the URL but hidden: the first tab opens instead.
    const selected = shown ? 'Approvals' : 'Users';
    expect(screen.getByRole('tab', { name: selected }).getAttribute('aria-selected')).toBe('true');
    // The Settings tab (the four-eyes threshold among them) is for settings.manage only.
    expect(screen.queryByRole('tab', { name: 'Settings' }) !== null).toBe(
      role === 'owner' || role === 'admin',
    );
  });
});
