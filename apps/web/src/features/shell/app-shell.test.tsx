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
