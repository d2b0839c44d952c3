import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { AppShell } from './app-shell.tsx';

test("the phone's navigation takes the focus, and Escape closes it and gives the focus back to its button", async () => {
  mockApi({});
  renderPages([{ path: '/account', component: AppShell }], '/account', { me: buildMe() });
  const user = userEvent.setup();
  const open = await screen.findByRole('button', { name: 'Open navigation' });
  await user.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Navigation' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  expect(document.activeElement?.textContent).toBe('Home');

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull();
  expect(document.activeElement).toBe(open);
});

test('the profile menu offers Change password and Logout as tap targets 44 px high', async () => {
  mockApi({});
  renderPages([{ path: '/account', component: AppShell }], '/account', { me: buildMe() });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
  for (const name of ['Change password', 'Logout']) {
    // 12 px of padding above and below the 20 px line of text.
    const item = screen.getByRole('menuitem', { name });
    expect(item.className.split(' ')).toEqual(expect.arrayContaining(['py-3', 'text-sm']));
  }
});

test("a customer's menu is theirs; a staff member's starts with Manage and leaves out a customer's money pages", async () => {
  const linksOf = () =>
    Array.from(
      screen.getAllByRole('navigation', { name: 'Main' })[0]?.querySelectorAll('a') ?? [],
      (link) => link.textContent,
    );
  mockApi({});
  const customer = renderPages([{ path: '/account', component: AppShell }], '/account', { me: buildMe() });
  await screen.findAllByRole('navigation', { name: 'Main' });
  expect(linksOf()).toEqual([
    'Home',
    'Account',
    'Deposit',
    'Withdrawals',
    'Statement',
    'Buy Crypto',
    'Copy Trader',
    'Market',
    'Signal',
    'Upgrade',
    'Loans',
  ]);
  customer.unmount();
  renderPages([{ path: '/account', component: AppShell }], '/account', { me: buildMe({ role: 'admin' }) });
  await screen.findAllByRole('navigation', { name: 'Main' });
  expect(linksOf()).toEqual(['Manage', 'Account', 'Copy Trader', 'Market', 'Signal']);
});
