import type { Passkey } from '@candor/contracts/passkeys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { PasskeyDialogError } from '../../lib/passkey-browser.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { SecurityEvents } from './security-events.tsx';

// The browser's passkey dialog (WebAuthn) does not exist in jsdom: it answers as these mocks say.
const dialog = vi.hoisted(() => ({ createPasskey: vi.fn() }));
vi.mock('../../lib/passkey-browser.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/passkey-browser.ts')>()),
  browserSupportsPasskeys: () => true,
  createPasskey: dialog.createPasskey,
}));

const LAPTOP: Passkey = { id: 'pk1', name: 'My laptop', createdAt: '2026-03-01T10:00:00.000Z' };
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Candor' } };
const CREDENTIAL = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30' } };

function renderSection() {
  return renderPages([{ path: '/account', component: PasskeysSection }], '/account', { me: buildMe() });
}

beforeEach(() => {
  dialog.createPasskey.mockReset();
});

describe('passkeys on /account', () => {
  test('says when there are none, after loading', async () => {
    mockApi({ 'GET /api/account/passkeys': { status: 200, body: { items: [] } } });
    renderSection();
    expect((await screen.findByRole('status')).textContent).toContain('Loading passkeys...');
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
  });

  test('a list that could not be loaded can be tried again', async () => {
    let fail = true;
    mockApi({
      'GET /api/account/passkeys': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } }
          : { status: 200, body: { items: [LAPTOP] } },
    });
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your passkeys could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'My laptop' })).toBeTruthy();
  });

  test('adds a named passkey through the browser dialog and lists it', async () => {
    let added = false;
    const fetchMock = mockApi({
      'GET /api/account/passkeys': () => ({ status: 200, body: { items: added ? [LAPTOP] : [] } }),
      'POST /api/account/passkeys/options': { status: 200, body: OPTIONS },
      'POST /api/account/passkeys': () => {
        added = true;
        return { status: 201, body: LAPTOP };
      },
    });
    dialog.createPasskey.mockResolvedValue(CREDENTIAL);
    renderSection();
    await screen.findByText('No passkeys yet.');
    await userEvent.type(screen.getByLabelText('Passkey name'), 'My laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));

    expect(await screen.findByText('Passkey added')).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'My laptop' })).toBeTruthy();
    expect(dialog.createPasskey).toHaveBeenCalledWith(OPTIONS);
    expect(callsTo(fetchMock, 'POST /api/account/passkeys')).toEqual([
      { name: 'My laptop', credential: CREDENTIAL },
    ]);
  });

  test('a name is required before the dialog opens', async () => {
    mockApi({ 'GET /api/account/passkeys': { status: 200, body: { items: [] } } });
    renderSection();
    await screen.findByText('No passkeys yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(dialog.createPasskey).not.toHaveBeenCalled();
  });

  test('a closed dialog adds nothing and says so', async () => {
    const fetchMock = mockApi({
      'GET /api/account/passkeys': { status: 200, body: { items: [] } },
      'POST /api/account/passkeys/options': { status: 200, body: OPTIONS },
    });
    dialog.createPasskey.mockRejectedValue(
      new PasskeyDialogError('No passkey was added: the passkey dialog was closed or timed out.'),
    );
    renderSection();
    await screen.findByText('No passkeys yet.');
    await userEvent.type(screen.getByLabelText('Passkey name'), 'Phone');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('No passkey was added: the passkey dialog was closed or timed out.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/passkeys')).toEqual([]);
  });

  test('deleting asks first; confirming deletes it', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      'GET /api/account/passkeys': () => ({ status: 200, body: { items: deleted ? [] : [LAPTOP] } }),
      'DELETE /api/account/passkeys/pk1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete passkey My laptop' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete passkey' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/account/passkeys/pk1')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete passkey My laptop' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete passkey' })).getByRole('button', {
        name: 'Delete passkey',
      }),
    );
    expect(await screen.findByText('Passkey deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No passkeys yet.')).toBeTruthy());
    expect(callsTo(fetchMock, 'DELETE /api/account/passkeys/pk1')).toHaveLength(1);
  });

  test('adding and deleting show at once under Security, on the same page', async () => {
    const events: Array<{ kind: string; label: string }> = [];
    const event = (kind: string, label: string) => ({
      id: `e${events.length}`,
      kind,
      label,
      createdAt: '2026-03-01T10:00:00.000Z',
      waitUntil: null,
      ipAddress: null,
    });
    let added = false;
    mockApi({
      'GET /api/account/passkeys': () => ({ status: 200, body: { items: added ? [LAPTOP] : [] } }),
      'GET /api/account/security': () => ({
        status: 200,
        body: {
          protection: { frozen: false, frozenAt: null, waitUntil: null, waitCause: null, message: null },
          events: [...events].reverse(),
        },
      }),
      'POST /api/account/passkeys/options': { status: 200, body: OPTIONS },
      'POST /api/account/passkeys': () => {
        added = true;
        events.push(event('passkey_added', 'Passkey added'));
        return { status: 201, body: LAPTOP };
      },
      'DELETE /api/account/passkeys/pk1': () => {
        added = false;
        events.push(event('passkey_removed', 'Passkey deleted'));
        return { status: 204 };
      },
    });
    dialog.createPasskey.mockResolvedValue(CREDENTIAL);
    renderPages(
      [
        {
          path: '/account',
          component: () => (
            <>
              <PasskeysSection />
              <SecurityEvents />
            </>
          ),
        },
      ],
      '/account',
      { me: buildMe() },
    );
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(await within(security).findByText('No security events yet.')).toBeTruthy();

    await userEvent.type(await screen.findByLabelText('Passkey name'), 'My laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(security).findByText('Passkey added')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete passkey My laptop' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete passkey' })).getByRole('button', {
        name: 'Delete passkey',
      }),
    );
    expect(await within(security).findByText('Passkey deleted')).toBeTruthy();
  });
});
