import type { ActiveSession, AccountActivity as Activity } from '@candor/contracts/user-activity';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { AccountActivity } from './account-activity.tsx';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function session(id: string, overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastActiveAt: '2026-03-02T10:00:00.000Z',
    expiresAt: '2026-03-08T10:00:00.000Z',
    ipAddress: '198.51.100.2',
    userAgent: FIREFOX,
    current: false,
    ...overrides,
  };
}

const ACTIVITY: Activity = {
  signIns: [
    { id: 's1', createdAt: '2026-03-02T10:00:00.000Z', ipAddress: '198.51.100.2', userAgent: FIREFOX },
    { id: 's2', createdAt: '2026-03-01T08:00:00.000Z', ipAddress: '203.0.113.9', userAgent: SAFARI },
  ],
  sessions: [
    session('here', { current: true }),
    session('phone', { ipAddress: '203.0.113.9', userAgent: SAFARI }),
  ],
};

function renderActivity() {
  return renderPages([{ path: '/account', component: AccountActivity }], '/account', { me: buildMe() });
}

describe('account activity', () => {
  test('lists the recent sign-ins and the active sessions, this browser marked', async () => {
    mockApi({ 'GET /api/account/activity': { status: 200, body: ACTIVITY } });
    renderActivity();
    expect((await screen.findByRole('status')).textContent).toContain('Loading account activity...');
    const [sessions, signIns] = await screen.findAllByRole('table');
    const sessionRows = within(sessions as HTMLElement)
      .getAllByRole('row')
      .slice(1);
    expect(sessionRows[0]?.textContent).toContain('Firefox on Linux');
    expect(sessionRows[0]?.textContent).toContain('This browser');
    expect(sessionRows[1]?.textContent).toContain('Safari on iOS');
    expect(sessionRows[1]?.textContent).not.toContain('This browser');
    const signInRows = within(signIns as HTMLElement)
      .getAllByRole('row')
      .slice(1);
    expect(signInRows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('198.51.100.2'),
      expect.stringContaining('203.0.113.9'),
    ]);
  });

  test('ending another session removes it from the list', async () => {
    let ended = false;
    const fetchMock = mockApi({
      'GET /api/account/activity': () => ({
        status: 200,
        body: ended ? { ...ACTIVITY, sessions: [ACTIVITY.sessions[0]] } : ACTIVITY,
      }),
      'DELETE /api/account/sessions/phone': () => {
        ended = true;
        return { status: 204 };
      },
    });
    renderActivity();
    await userEvent.click(await screen.findByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeTruthy();
    await waitFor(() => {
      const [sessions] = screen.getAllByRole('table');
      expect(within(sessions as HTMLElement).getAllByRole('row')).toHaveLength(2);
    });
    expect(callsTo(fetchMock, 'DELETE /api/account/sessions/phone')).toHaveLength(1);
  });

  test('signing out of all other sessions asks first, then leaves only this browser', async () => {
    let ended = false;
    const fetchMock = mockApi({
      'GET /api/account/activity': () => ({
        status: 200,
        body: ended ? { ...ACTIVITY, sessions: [ACTIVITY.sessions[0]] } : ACTIVITY,
      }),
      'DELETE /api/account/other-sessions': () => {
        ended = true;
        return { status: 200, body: { ended: 1 } };
      },
    });
    // The answer to the sign-out waits until released, to see the dialog wait with it.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') await gate;
      if (!answer) throw new Error('no mock');
      return answer(input, init);
    });
    renderActivity();
    const open = await screen.findByRole('button', { name: 'Sign out of all other sessions' });

    // Cancel keeps every session.
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions' });
    expect(dialog.textContent).toContain('(1 other session). This browser stays signed in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/account/other-sessions')).toHaveLength(0);

    await userEvent.click(open);
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', {
      name: 'Sign out of all other sessions',
    });
    await userEvent.click(confirm);
    // The dialog waits for the answer.
    const waiting = await within(screen.getByRole('dialog')).findByRole('button', { name: 'Signing out...' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByText('Signed out of all other sessions')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => {
      const [sessions] = screen.getAllByRole('table');
      expect(within(sessions as HTMLElement).getAllByRole('row')).toHaveLength(2);
    });
    // Only this browser's session is left: the button is gone.
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/account/other-sessions')).toHaveLength(1);
  });

  test('a refused sign-out of the other sessions says why and keeps the list', async () => {
    mockApi({
      'GET /api/account/activity': { status: 200, body: ACTIVITY },
      'DELETE /api/account/other-sessions': {
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'User is not authenticated' },
      },
    });
    renderActivity();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sign out of all other sessions',
      }),
    );
    expect(await screen.findByText('User is not authenticated')).toBeTruthy();
    const [sessions] = screen.getAllByRole('table');
    expect(within(sessions as HTMLElement).getAllByRole('row')).toHaveLength(3);
  });

  test("ending this browser's session signs out", async () => {
    const fetchMock = mockApi({
      'GET /api/account/activity': { status: 200, body: ACTIVITY },
      'DELETE /api/account/sessions/here': { status: 204 },
      'DELETE /api/session': { status: 204 },
    });
    const { router } = renderActivity();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'DELETE /api/session')).toHaveLength(1);
  });
});
