import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

async function changePassword(current: string, next: string, confirmation: string) {
  const user = userEvent.setup({ delay: null });
  renderPages([{ path: '/change-password', component: ChangePasswordPage }], '/change-password', {
    me: buildMe(),
  });
  const currentField = await screen.findByLabelText('Current password');
  if (current) await user.type(currentField, current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(await screen.findByRole('button', { name: 'Update Password' }));
}

describe('ChangePasswordPage', () => {
  test('shows the seed messages for empty fields and a different confirmation', async () => {
    const fetchMock = mockApi({});
    await changePassword('', 'short', 'other');
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/password')).toEqual([]);
  });

  test('the current password as the new one is refused before anything is sent', async () => {
    const fetchMock = mockApi({});
    await changePassword('the same password', 'the same password', 'the same password');
    expect(await screen.findByText('The new password must be different from the current one')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/password')).toEqual([]);
  });

  test('a wrong current password gives the seed toast', async () => {
    mockApi({
      'POST /api/account/password': {
        status: 403,
        body: { code: 'WRONG_PASSWORD', message: 'Wrong password' },
      },
    });
    await changePassword('old password', 'new password', 'new password');
    expect(await screen.findByText('The current password is incorrect')).toBeTruthy();
  });

  test('another failure names the server message', async () => {
    mockApi({
      'POST /api/account/password': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many requests' },
      },
    });
    await changePassword('old password', 'new password', 'new password');
    expect(await screen.findByText('Failed to update password: Too many requests')).toBeTruthy();
  });

  test('success sends current and new password only, confirms and empties the form', async () => {
    const fetchMock = mockApi({ 'POST /api/account/password': { status: 204 } });
    await changePassword('old password', 'new password', 'new password');
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/password')).toEqual([
      { currentPassword: 'old password', newPassword: 'new password' },
    ]);
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  test('a staff member is told the stricter rule, and a password too easy to guess is refused beside the field', async () => {
    mockApi({
      'POST /api/account/password': {
        status: 400,
        body: { code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPages([{ path: '/change-password', component: ChangePasswordPage }], '/change-password', {
      me: buildMe({ role: 'accountant' }),
    });
    expect(await screen.findByText(new RegExp(STAFF_PASSWORD_MESSAGES.hint))).toBeTruthy();
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      STAFF_PASSWORD_MESSAGES.tooWeak,
    );
  });

  test("success has the header's unread count read again: the notice of the change is in Messages", async () => {
    mockApi({ 'POST /api/account/password': { status: 204 } });
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderPages(
      [{ path: '/change-password', component: ChangePasswordPage }],
      '/change-password',
      { me: buildMe() },
    );
    queryClient.setQueryData(queryKeys.unreadMessages, { unread: 0 });
    await user.type(await screen.findByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(queryClient.getQueryState(queryKeys.unreadMessages)?.isInvalidated).toBe(true);
  });

  test("a customer is not told the staff's rule", async () => {
    mockApi({});
    renderPages([{ path: '/change-password', component: ChangePasswordPage }], '/change-password', {
      me: buildMe(),
    });
    expect(await screen.findByText(/Use at least 8 characters\./)).toBeTruthy();
    expect(screen.queryByText(new RegExp(STAFF_PASSWORD_MESSAGES.hint))).toBeNull();
  });
});
