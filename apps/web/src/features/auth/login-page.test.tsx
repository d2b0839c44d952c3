import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { LoginPage } from './login-page.tsx';

const route = {
  path: '/',
  component: LoginPage,
  validateSearch: z.object({
    unlock: z.string().optional().catch(undefined),
    redirect: z.string().optional().catch(undefined),
  }),
};
const SIGNED_IN = { user: buildMe() };

async function logIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const OPERATOR_RESET =
  "This account's password was reset on 2026-11-29 14:05 UTC with a link from the site's administrators.";

describe('LoginPage', () => {
  test('Create account and Forgot password are tap targets 44 px high', async () => {
    mockApi({});
    renderPages([route], '/');
    for (const name of ['Create account', 'Forgot password']) {
      // 12 px of padding above and below the 20 px line of text.
      const link = await screen.findByRole('link', { name });
      expect(link.className.split(' ')).toEqual(expect.arrayContaining(['py-3', 'text-sm']));
    }
  });

  test("a failed sign-in after the operator's reset link says so under the failure", async () => {
    mockApi({
      'POST /api/session': {
        status: 401,
        body: {
          code: 'INVALID_CREDENTIALS',
          message: 'Login failed. Please check your credentials.',
          notice: OPERATOR_RESET,
        },
      },
    });
    renderPages([route], '/');
    await logIn('bob@example.com', 'the old password');
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Login failed. Please check your credentials.',
      OPERATOR_RESET,
    ]);
  });

  test('a failed sign-in without it shows only the failure', async () => {
    mockApi({
      'POST /api/session': {
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'Login failed. Please check your credentials.' },
      },
    });
    renderPages([route], '/');
    await logIn('bob@example.com', 'a wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Login failed. Please check your credentials.');
  });

  test("an e-mailed unlock link's token goes with the password", async () => {
    const fetchMock = mockApi({
      'POST /api/session': {
        status: 429,
        body: {
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
        },
      },
    });
    renderPages([route], '/?unlock=abc123');
    await logIn('owner@example.com', 'the password');
    expect(
      await screen.findByText('Too many failed login attempts. Please wait 15 minutes and try again.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/session')).toEqual([
      { email: 'owner@example.com', password: 'the password', unlockToken: 'abc123' },
    ]);
  });

  test('a plain sign-in sends no unlock token, and a rate limit shows its wait', async () => {
    const fetchMock = mockApi({
      'POST /api/session': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait 42 seconds and try again.' },
      },
    });
    renderPages([route], '/');
    await logIn('owner@example.com', 'the password');
    expect(await screen.findByText('Too many requests. Please wait 42 seconds and try again.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/session')).toEqual([
      { email: 'owner@example.com', password: 'the password' },
    ]);
  });

  test('signing in leads to the page asked for before, or to the dashboard', async () => {
    mockApi({ 'POST /api/session': { status: 200, body: SIGNED_IN } });
    const statement = { path: '/statement', component: () => <p>Marker /statement</p> };
    const { router } = renderPages([route, statement], '/?redirect=%2Fstatement%3Fpage%3D2');
    await logIn('casey@example.com', 'the password');
    expect(await screen.findByText('Marker /statement')).toBeTruthy();
    expect(router.state.location.href).toBe('/statement?page=2');
  });

  test('a redirect to another site is ignored: the dashboard instead', async () => {
    mockApi({ 'POST /api/session': { status: 200, body: SIGNED_IN } });
    renderPages([route], '/?redirect=%2F%2Fevil.example%2Fphish');
    await logIn('casey@example.com', 'the password');
    expect(await screen.findByText('Marker /dashboard')).toBeTruthy();
  });

  test('a staff password too easy to guess: the server says to reset it', async () => {
    mockApi({
      'POST /api/session': {
        status: 403,
        body: { code: 'PASSWORD_CHANGE_REQUIRED', message: STAFF_PASSWORD_MESSAGES.changeRequired },
      },
    });
    renderPages([route], '/');
    await logIn('sam@example.com', 'password123');
    expect(await screen.findByText(STAFF_PASSWORD_MESSAGES.changeRequired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toBeTruthy();
  });
});
