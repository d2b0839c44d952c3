import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { NewPasswordPage } from './new-password-page.tsx';

const route = {
  path: '/reset-password/new',
  component: NewPasswordPage,
  validateSearch: z.object({ token: z.string().catch('') }),
};

async function submit(password: string, confirmation: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('NewPasswordPage', () => {
  test('a different confirmation is refused in the browser', async () => {
    const fetchMock = mockApi({});
    renderPages([route], '/reset-password/new?token=t1');
    await submit('a new password', 'another one');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/password-resets/complete')).toEqual([]);
  });

  test('a new password is saved with the token, then the login page opens with a toast', async () => {
    const fetchMock = mockApi({ 'POST /api/password-resets/complete': { status: 204 } });
    renderPages([route], '/reset-password/new?token=t1');
    await submit('a new password', 'a new password');
    expect(await screen.findByText('Marker /')).toBeTruthy();
    expect(await screen.findByText('Your password has been reset. Please log in.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/password-resets/complete')).toEqual([
      { token: 't1', newPassword: 'a new password' },
    ]);
  });

  test("a staff member's password too easy to guess is refused beside the field, not above the form", async () => {
    mockApi({
      'POST /api/password-resets/complete': {
        status: 400,
        body: { code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak },
      },
    });
    renderPages([route], '/reset-password/new?token=t1');
    await submit('password123', 'password123');
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe(STAFF_PASSWORD_MESSAGES.tooWeak);
    // Announced once, by the field's own message: no second alert above the form says it again.
    expect(screen.getAllByRole('alert')).toEqual([message]);
    expect(document.activeElement).toBe(field);
  });

  test('an expired token offers a new link', async () => {
    mockApi({
      'POST /api/password-resets/complete': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
      },
    });
    renderPages([route], '/reset-password/new?token=old');
    await submit('a new password', 'a new password');
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/reset-password',
    );
  });

  test('without a token the page shows the invalid-link state at once', async () => {
    mockApi({});
    renderPages([route], '/reset-password/new');
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
