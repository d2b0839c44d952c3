import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin() {
  const validateSearch = z.object({ unlock: z.string().optional().catch(undefined) });
  return renderPages([{ path: '/', component: LoginPage, validateSearch }], '/');
}

async function submitPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage with two-factor on', () => {
  test('after the password it asks for the code; a wrong code is said plainly, the right one signs in', async () => {
    let codes = 0;
    const fetchMock = mockApi({
      'POST /api/session': { status: 200, body: { twoFactorRequired: true } },
      'POST /api/session/two-factor': () =>
        ++codes === 1
          ? {
              status: 400,
              body: {
                code: 'INVALID_TWO_FACTOR_CODE',
                message: 'That code is not right. Check your authenticator app and try again.',
              },
            }
          : { status: 200, body: { user: buildMe({ twoFactorEnabled: true }) } },
    });
    const user = userEvent.setup();
    renderLogin();
    await submitPassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    // Half signed in: the header offers no way to create another account, the step its way back.
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to login' })).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check your authenticator app and try again.',
    );
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Marker /dashboard')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/session/two-factor')).toEqual([
      { code: '123456' },
      { code: 'abcde-12345' },
    ]);
  });

  test('an expired challenge goes back to the password, saying why', async () => {
    mockApi({
      'POST /api/session': { status: 200, body: { twoFactorRequired: true } },
      'POST /api/session/two-factor': {
        status: 400,
        body: {
          code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
          message: 'Your sign-in has expired. Please sign in again.',
        },
      },
    });
    const user = userEvent.setup();
    renderLogin();
    await submitPassword(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Login into your account' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Your sign-in has expired. Please sign in again.');
  });
});
