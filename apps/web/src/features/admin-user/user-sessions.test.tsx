import type { ActiveSession } from '@candor/contracts/user-activity';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { RecentSignIns, UserSessions } from './user-sessions.tsx';

const SESSIONS_URL = '/api/admin/users/user-42/sessions';

function session(id: string, ipAddress: string): ActiveSession {
  return {
    id,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastActiveAt: '2026-03-02T10:00:00.000Z',
    expiresAt: '2026-03-08T10:00:00.000Z',
    ipAddress,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    current: false,
  };
}

function renderSessions(role: 'compliance' | 'support') {
  return renderPages(
    [
      {
        path: '/user/$id',
        component: () => (
          <>
            <UserSessions userId="user-42" />
            <RecentSignIns
              signIns={[
                { id: 's1', createdAt: '2026-03-02T10:00:00.000Z', ipAddress: '192.0.2.7', userAgent: null },
              ]}
            />
          </>
        ),
      },
    ],
    '/user/user-42',
    { me: buildMe({ role }) },
  );
}

describe("a customer's sessions on /user/{id}", () => {
  test('compliance ends one session with a note, then all of them', async () => {
    let items = [session('a', '192.0.2.10'), session('b', '192.0.2.11')];
    const fetchMock = mockApi({
      [`GET ${SESSIONS_URL}`]: () => ({ status: 200, body: { items } }),
      [`DELETE ${SESSIONS_URL}/a`]: () => {
        items = items.filter((s) => s.id !== 'a');
        return { status: 200, body: { ended: 1 } };
      },
      [`DELETE ${SESSIONS_URL}`]: () => {
        const ended = items.length;
        items = [];
        return { status: 200, body: { ended } };
      },
    });
    renderSessions('compliance');
    await screen.findAllByText('192.0.2.10');
    const [table] = screen.getAllByRole('table');
    const rows = within(table as HTMLElement)
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]?.textContent).toContain('Chrome on Windows');
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'End session' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Lost phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE ${SESSIONS_URL}/a`)).toEqual([{ reason: 'Lost phone' }]);
    await waitFor(() => expect(screen.queryAllByText('192.0.2.10')).toEqual([]));

    await userEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const all = await screen.findByRole('dialog');
    await userEvent.click(within(all).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('All sessions ended')).toBeTruthy();
    expect(await screen.findByText('No active sessions.')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE ${SESSIONS_URL}`)).toEqual([{}]);
  });

  test('a double click on End all sessions ends them once and says so once', async () => {
    let items = [session('a', '192.0.2.10')];
    const fetchMock = mockApi({
      [`GET ${SESSIONS_URL}`]: () => ({ status: 200, body: { items } }),
      [`DELETE ${SESSIONS_URL}`]: () => {
        const ended = items.length;
        items = [];
        return ended > 0
          ? { status: 200, body: { ended } }
          : { status: 404, body: { code: 'NOT_FOUND', message: 'Session not found' } };
      },
    });
    renderSessions('compliance');
    await screen.findAllByText('192.0.2.10');
    await userEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'End all sessions' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('All sessions ended')).toBeTruthy();
    expect(await screen.findByText('No active sessions.')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE ${SESSIONS_URL}`)).toHaveLength(1);
    expect(screen.queryByText('Session not found')).toBeNull();
  });

  test('support sees the sessions and sign-ins but no button to end them', async () => {
    mockApi({ [`GET ${SESSIONS_URL}`]: { status: 200, body: { items: [session('a', '192.0.2.10')] } } });
    renderSessions('support');
    expect(await screen.findAllByText('192.0.2.10')).not.toEqual([]);
    expect(screen.getAllByText('192.0.2.7')).not.toEqual([]);
    expect(screen.queryByRole('button', { name: /End/ })).toBeNull();
  });
});
