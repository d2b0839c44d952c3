import { EMAIL_VERIFICATION_MESSAGES } from '@candor/contracts/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { AccountPage } from './account-page.tsx';
import { UpdateEmailPage } from './update-email-page.tsx';

const SENT = {
  status: 202,
  body: { message: EMAIL_VERIFICATION_MESSAGES.sent('ada@example.com') },
};
const IDENTITY = {
  status: 200,
  body: { status: 'unverified', canSubmit: true, verifiedUntil: null, submissions: [] },
};

function renderAccount(emailVerified: boolean) {
  return renderPages([{ path: '/account', component: AccountPage }], '/account', {
    me: buildMe({ emailVerified }),
  });
}

describe('an unverified e-mail address on /account', () => {
  test('is marked, and "Send the link again" sends a new link and says where it went', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'GET /api/verifications/me': IDENTITY,
      'POST /api/account/verification-emails': SENT,
    });
    renderAccount(false);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('E-mail not verified')).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(within(profile).getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('Verification email sent to ada@example.com. The link is valid for one hour.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/verification-emails')).toHaveLength(1);
  });

  test('without SMTP the toast adds that the link is in Messages', async () => {
    mockApi({
      'GET /api/settings': settingsReply('none'),
      'GET /api/verifications/me': IDENTITY,
      'POST /api/account/verification-emails': SENT,
    });
    renderAccount(false);
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText(
        'E-mail is not set up on this site, so the link is in your Messages, not your inbox.',
      ),
    ).toBeTruthy();
  });

  test('a refusal (too many sends) is shown in the server’s words', async () => {
    const message = 'Too many requests. Please wait 600 seconds and try again.';
    mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'GET /api/verifications/me': IDENTITY,
      'POST /api/account/verification-emails': { status: 429, body: { code: 'RATE_LIMITED', message } },
    });
    renderAccount(false);
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  test('a verified address shows neither the mark nor the button', async () => {
    mockApi({ 'GET /api/settings': settingsReply('smtp'), 'GET /api/verifications/me': IDENTITY });
    renderAccount(true);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByText('E-mail not verified')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  test('/update-email marks the current address and offers the new link too', async () => {
    mockApi({ 'GET /api/settings': settingsReply('smtp') });
    renderPages([{ path: '/update-email', component: UpdateEmailPage }], '/update-email', {
      me: buildMe({ emailVerified: false }),
    });
    expect(await screen.findByText('E-mail not verified')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });
});
