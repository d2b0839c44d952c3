import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { TwoFactorSection } from './two-factor-section.tsx';

const URI =
  'otpauth://totp/Candor:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Candor&digits=6&period=30';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function renderSection(me = buildMe(), handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/account/two-factor': { status: 200, body: { enabled: me.twoFactorEnabled, history: [] } },
    'POST /api/account/two-factor': { status: 200, body: { totpUri: URI, secret: 'JBSWY3DPEHPK3PXP' } },
    'POST /api/account/two-factor/confirmation': { status: 200, body: { recoveryCodes: CODES } },
    'GET /api/session': { status: 200, body: { user: { ...me, twoFactorEnabled: true } } },
    ...handlers,
  });
  renderPages([{ path: '/account', component: TwoFactorSection }], '/account', { me });
  return fetchMock;
}

const NO_EMAIL_ADVICE =
  /E-mail is not set up on this site, so a forgotten password can only be reset with a link from the site's administrators/;

describe('TwoFactorSection', () => {
  test('with no e-mail set up, two-factor is recommended while it is off', async () => {
    renderSection(buildMe(), { 'GET /api/settings': settingsReply('none') });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText(NO_EMAIL_ADVICE)).toBeTruthy();
  });

  test('with e-mail set up, or two-factor on, there is no such advice', async () => {
    renderSection(buildMe(), { 'GET /api/settings': settingsReply('smtp') });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await within(section).findByRole('button', { name: 'Turn on two-factor' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(section).queryByText(NO_EMAIL_ADVICE)).toBeNull();
  });

  test('turning on: password, then the QR code and secret, a code, and the recovery codes once', async () => {
    const fetchMock = renderSection();
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(within(section).getByText('Off')).toBeTruthy();
    await user.type(within(section).getByLabelText('Password'), 'correct horse');
    await user.click(within(section).getByRole('button', { name: 'Turn on two-factor' }));

    expect(await within(section).findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(
      await within(section).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(section).findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeTruthy();
    await user.type(within(section).getByLabelText('Authentication code'), '123 456');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));

    const codes = await within(section).findByRole('region', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(callsTo(fetchMock, 'POST /api/account/two-factor')).toEqual([{ password: 'correct horse' }]);
    expect(callsTo(fetchMock, 'POST /api/account/two-factor/confirmation')).toEqual([{ code: '123456' }]);
  });

  test('turning off needs the password and the code; a wrong code shows under its field', async () => {
    const fetchMock = renderSection(buildMe({ twoFactorEnabled: true }), {
      'POST /api/account/two-factor/disable': {
        status: 400,
        body: {
          code: 'INVALID_TWO_FACTOR_CODE',
          message: 'That code is not right. Check your authenticator app and try again.',
        },
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Turn off two-factor authentication' });
    // The form says what turning it off does to withdrawals before the customer does it.
    expect(
      within(form).getByText(
        'For your protection, new withdrawals wait 24 hours after two-factor authentication is turned off.',
      ),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText('Password'), 'correct horse');
    await user.type(within(form).getByLabelText('Authentication code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor' }));
    expect(
      await within(form).findByText('That code is not right. Check your authenticator app and try again.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/two-factor/disable')).toEqual([
      { password: 'correct horse', code: '654321' },
    ]);
  });

  test("turning off has the header's unread count read again: the notice of it is in Messages", async () => {
    renderSection(buildMe({ twoFactorEnabled: true }), {
      'POST /api/account/two-factor/disable': { status: 204 },
    });
    queryClient.setQueryData(queryKeys.unreadMessages, { unread: 0 });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Turn off two-factor authentication' });
    await user.type(within(form).getByLabelText('Password'), 'correct horse');
    await user.type(within(form).getByLabelText('Authentication code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.unreadMessages)?.isInvalidated).toBe(true),
    );
    queryClient.clear();
  });

  test('to staff it speaks of the back office, not of withdrawals', async () => {
    renderSection(buildMe({ role: 'admin', twoFactorEnabled: true }), {
      'GET /api/settings': settingsReply('smtp'),
    });
    expect(await screen.findByText(/Staff open the back office only with it on\./)).toBeTruthy();
    expect(screen.getByText('The back office stays closed to you until you turn it on again.')).toBeTruthy();
    expect(screen.queryByText(/withdrawal/)).toBeNull();
  });
});
