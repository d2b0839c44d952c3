import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

async function requestReset(email: string) {
  const user = userEvent.setup({ delay: null });
  renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ResetPasswordPage', () => {
  test('an empty e-mail is refused in the browser', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/password-resets')).toEqual([]);
  });

  test('success replaces the form with the confirmation', async () => {
    const fetchMock = mockApi({
      'POST /api/password-resets': {
        status: 202,
        body: { message: 'Password reset email sent! Check your inbox.' },
      },
    });
    await requestReset('ada@example.com');
    expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/password-resets')).toEqual([{ email: 'ada@example.com' }]);
  });

  test('an unknown address says there is no account', async () => {
    mockApi({
      'POST /api/password-resets': {
        status: 404,
        body: { code: 'USER_NOT_FOUND', message: 'whatever the server says' },
      },
    });
    await requestReset('nobody@example.com');
    expect(await screen.findByText('No account found with that email address.')).toBeTruthy();
  });

  test('any other failure gives the general message', async () => {
    mockApi({
      'POST /api/password-resets': { status: 429, body: { code: 'RATE_LIMITED', message: 'Slow down' } },
    });
    await requestReset('ada@example.com');
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
  });

  test.each([
    ['none', true],
    ['smtp', false],
  ] as const)(
    'with e-mail delivery %s, the page says to ask the administrators: %s',
    async (delivery, shown) => {
      mockApi({
        'GET /api/settings': {
          status: 200,
          body: {
            siteName: 'Candor',
            faviconUrl: null,
            minWithdrawal: '0.00',
            withdrawalPercent: '0.00',
            withdrawalsNeedVerifiedIdentity: true,
            unverifiedDepositLimit: '1000.00',
            unverifiedWithdrawalLimit: '0.00',
            updatedAt: '2026-01-01T00:00:00.000Z',
            emailDelivery: delivery,
          },
        },
      });
      renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
      await screen.findByRole('button', { name: 'Send Reset Link' });
      const notice =
        "E-mail is not set up on this site, so a reset link cannot reach your inbox. Ask the site's administrators for a password reset link.";
      if (shown) expect(await screen.findByText(notice)).toBeTruthy();
      else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByText(notice)).toBeNull();
      }
    },
  );
});
