import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { UpdateEmailPage } from './update-email-page.tsx';

const SENT = { status: 202, body: { message: 'Verification email sent to the new email address.' } };

async function changeTo(newEmail: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('New email'), newEmail);
  await user.type(screen.getByLabelText('Current password'), 'my password 1');
  await user.click(screen.getByRole('button', { name: 'Update Email' }));
}

describe('UpdateEmailPage', () => {
  test('without SMTP it says the link is in Messages, beside the seed toast', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': settingsReply('none'),
      'POST /api/account/email': SENT,
    });
    renderPages([{ path: '/update-email', component: UpdateEmailPage }], '/update-email', { me: buildMe() });
    expect(
      await screen.findByText(
        'E-mail is not set up on this site, so the verification link is in your Messages, not the new inbox.',
      ),
    ).toBeTruthy();
    await changeTo('new@example.com');
    expect(await screen.findByText('Verification email sent to the new email address.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/email')).toEqual([
      { newEmail: 'new@example.com', password: 'my password 1' },
    ]);
  });

  test("success has the header's unread count read again: the link is in Messages", async () => {
    mockApi({ 'GET /api/settings': settingsReply('none'), 'POST /api/account/email': SENT });
    const { queryClient } = renderPages(
      [{ path: '/update-email', component: UpdateEmailPage }],
      '/update-email',
      {
        me: buildMe(),
      },
    );
    queryClient.setQueryData(queryKeys.unreadMessages, { unread: 0 });
    await changeTo('new@example.com');
    expect(await screen.findByText('Verification email sent to the new email address.')).toBeTruthy();
    expect(queryClient.getQueryState(queryKeys.unreadMessages)?.isInvalidated).toBe(true);
  });

  test('with SMTP only the seed toast, no note about Messages', async () => {
    mockApi({ 'GET /api/settings': settingsReply('smtp'), 'POST /api/account/email': SENT });
    renderPages([{ path: '/update-email', component: UpdateEmailPage }], '/update-email', { me: buildMe() });
    await changeTo('new@example.com');
    expect(await screen.findByText('Verification email sent to the new email address.')).toBeTruthy();
    expect(screen.queryByText(/not set up on this site/)).toBeNull();
  });

  test("the current address (in any case) is refused under the field with the server's words, nothing sent", async () => {
    const fetchMock = mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/account/email': SENT,
    });
    renderPages([{ path: '/update-email', component: UpdateEmailPage }], '/update-email', { me: buildMe() });
    await changeTo('ADA@example.com');
    expect(await screen.findByText('The new email address is the same as the current one.')).toBeTruthy();
    expect(screen.queryByText('Invalid email address. Please enter a valid email.')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/account/email')).toEqual([]);
  });

  test('the server\'s "same as the current one" shows as it is, not as an invalid address', async () => {
    const message = 'The new email address is the same as the current one.';
    mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/account/email': { status: 400, body: { code: 'VALIDATION_FAILED', message } },
    });
    // The page's copy of the account is older than the server's (changed in another tab).
    renderPages([{ path: '/update-email', component: UpdateEmailPage }], '/update-email', {
      me: buildMe({ email: 'old@example.com' }),
    });
    await changeTo('new@example.com');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Invalid email address. Please enter a valid email.')).toBeNull();
  });
});
