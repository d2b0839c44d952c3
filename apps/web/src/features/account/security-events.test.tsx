import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { SecurityEvents } from './security-events.tsx';

const WAIT_MESSAGE =
  'For your protection, new withdrawals wait 24 hours because your password was changed. You can request a withdrawal again after 2026-11-30 07:52 UTC.';

describe('SecurityEvents', () => {
  test('the events read their times as the wait notice beside them does ("2026-11-30 07:52 UTC")', async () => {
    mockApi({
      'GET /api/account/security': {
        status: 200,
        body: {
          protection: {
            frozen: false,
            frozenAt: null,
            waitUntil: '2026-11-30T07:52:10.000Z',
            waitCause: 'password_change',
            message: WAIT_MESSAGE,
          },
          events: [
            {
              id: 'e1',
              kind: 'password_changed',
              label: 'Password changed',
              createdAt: '2026-11-29T07:52:10.000Z',
              waitUntil: '2026-11-30T07:52:10.000Z',
              ipAddress: null,
            },
          ],
        },
      },
    });
    renderPages([{ path: '/account', component: SecurityEvents }], '/account', { me: buildMe() });
    const section = await screen.findByRole('region', { name: 'Security' });
    // The section says how long each change makes withdrawals wait, in the notices' words.
    expect(
      within(section).getByText(
        "New withdrawals wait 24 hours after a change of password or e-mail, or after two-factor sign-in is turned off. They wait 7 days after a password reset with a link from the site's administrators.",
      ),
    ).toBeTruthy();
    expect(await within(section).findByText(WAIT_MESSAGE)).toBeTruthy();
    const event = within(section).getByRole('listitem');
    expect(event.textContent).toBe(
      'Password changed2026-11-29 07:52 UTC · withdrawals wait until 2026-11-30 07:52 UTC',
    );
  });

  test('a staff account, which holds no money, reads no withdrawal waits', async () => {
    mockApi({
      'GET /api/account/security': {
        status: 200,
        body: {
          protection: { frozen: false, frozenAt: null, waitUntil: null, waitCause: null, message: null },
          events: [],
        },
      },
    });
    renderPages([{ path: '/account', component: SecurityEvents }], '/account', {
      me: buildMe({ role: 'admin' }),
    });
    const section = await screen.findByRole('region', { name: 'Security' });
    expect(
      within(section).getByText('Changes to your password, e-mail, two-factor sign-in and passkeys.'),
    ).toBeTruthy();
    expect(section.textContent).not.toMatch(/withdrawal/i);
  });
});
