import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

const EXPIRED = { code: 'INVALID_TOKEN', message: 'This verification link is invalid or has expired.' };

const route = {
  path: '/verify-email',
  component: VerifyEmailPage,
  validateSearch: z.object({ token: z.string().catch('') }),
};

describe('VerifyEmailPage', () => {
  test('sends the token once, even under StrictMode, and names the verified address', async () => {
    const fetchMock = mockApi({
      'POST /api/email-verifications': {
        status: 200,
        body: { email: 'ada@example.com', emailChanged: false },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/verify-email?token=abc123');

    expect(await screen.findByText('Your e-mail address ada@example.com is verified.')).toBeTruthy();
    expect(screen.queryByText('Email updated successfully!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/');
    expect(callsTo(fetchMock, 'POST /api/email-verifications')).toEqual([{ token: 'abc123' }]);
  });

  test('the new address\'s link completes the change: the seed\'s "Email updated successfully!", then the address', async () => {
    mockApi({
      'POST /api/email-verifications': {
        status: 200,
        body: { email: 'ada.new@example.com', emailChanged: true },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/verify-email?token=change1');

    expect(await screen.findByText('Email updated successfully!')).toBeTruthy();
    expect(screen.getByText('Your e-mail address ada.new@example.com is verified.')).toBeTruthy();
  });

  test('a used or expired token shows the invalid-link state', async () => {
    mockApi({
      'POST /api/email-verifications': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/verify-email?token=old');
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
  });

  test('a link without a token is invalid and calls nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/session': { status: 200, body: { user: null } } });
    renderPages([route], '/verify-email');
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/email-verifications')).toEqual([]);
  });

  test('signed out, an expired link says to sign in for a new one, and offers no resend', async () => {
    const fetchMock = mockApi({
      'POST /api/email-verifications': { status: 400, body: EXPIRED },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/verify-email?token=old');
    expect(await screen.findByText(/^Sign in to have a new verification link sent/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/account/verification-emails')).toEqual([]);
  });

  test('signed in and not verified, an expired link offers a new one and says where it went', async () => {
    const me = buildMe({ emailVerified: false });
    const fetchMock = mockApi({
      'POST /api/email-verifications': { status: 400, body: EXPIRED },
      'GET /api/session': { status: 200, body: { user: me } },
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/account/verification-emails': {
        status: 202,
        body: { message: 'Verification email sent to ada@example.com. The link is valid for one hour.' },
      },
    });
    renderPages([route], '/verify-email?token=old', { me });
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('Verification email sent to ada@example.com. The link is valid for one hour.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/verification-emails')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toBeTruthy();
  });

  test('signed in with a verified address, an expired link offers nothing to resend', async () => {
    const me = buildMe();
    mockApi({
      'POST /api/email-verifications': { status: 400, body: EXPIRED },
      'GET /api/session': { status: 200, body: { user: me } },
    });
    renderPages([route], '/verify-email?token=old', { me });
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    expect(screen.queryByText(/^Sign in to have/)).toBeNull();
  });
});
