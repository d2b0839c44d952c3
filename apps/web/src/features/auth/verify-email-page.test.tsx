import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const route = {
  path: '/verify-email',
  component: VerifyEmailPage,
  validateSearch: z.object({ token: z.string().catch('') }),
};

describe('VerifyEmailPage', () => {
  test('sends the token once, even under StrictMode, and names the verified address', async () => {
    const fetchMock = mockApi({
      'POST /api/email-verifications': { status: 200, body: { email: 'ada@example.com' } },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/verify-email?token=abc123');

    expect(await screen.findByText('Your e-mail address ada@example.com is verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/');
    expect(callsTo(fetchMock, 'POST /api/email-verifications')).toEqual([{ token: 'abc123' }]);
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
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
  });

  test('a link without a token is invalid and calls nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/session': { status: 200, body: { user: null } } });
    renderPages([route], '/verify-email');
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/email-verifications')).toEqual([]);
  });
});
