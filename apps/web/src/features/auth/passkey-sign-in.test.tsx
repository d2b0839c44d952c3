import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PasskeyDialogError } from '../../lib/passkey-browser.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { LoginPage } from './login-page.tsx';

// The browser's passkey dialog (WebAuthn) does not exist in jsdom: it answers as these mocks say.
const dialog = vi.hoisted(() => ({ getPasskey: vi.fn() }));
vi.mock('../../lib/passkey-browser.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/passkey-browser.ts')>()),
  getPasskey: dialog.getPasskey,
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const CREDENTIAL = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30' } };

function renderLogin() {
  return renderPages(
    [
      { path: '/', component: LoginPage },
      { path: '/dashboard', component: () => <p>Dashboard</p> },
    ],
    '/',
  );
}

beforeEach(() => {
  dialog.getPasskey.mockReset();
  // jsdom has no WebAuthn: the page shows the button where the browser has it.
  vi.stubGlobal('PublicKeyCredential', class {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing in with a passkey', () => {
  test('the browser dialog answers, the server signs the customer in, the dashboard opens', async () => {
    const fetchMock = mockApi({
      'POST /api/session/passkey/options': { status: 200, body: OPTIONS },
      'POST /api/session/passkey': { status: 200, body: { user: buildMe() } },
    });
    dialog.getPasskey.mockResolvedValue(CREDENTIAL);
    const { router } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(dialog.getPasskey).toHaveBeenCalledWith(OPTIONS);
    expect(callsTo(fetchMock, 'POST /api/session/passkey')).toEqual([{ credential: CREDENTIAL }]);
  });

  test('a closed account is told so', async () => {
    mockApi({
      'POST /api/session/passkey/options': { status: 200, body: OPTIONS },
      'POST /api/session/passkey': {
        status: 403,
        body: { code: 'ACCOUNT_CLOSED', message: 'This account has been closed.' },
      },
    });
    dialog.getPasskey.mockResolvedValue(CREDENTIAL);
    const { router } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This account has been closed.');
    expect(router.state.location.pathname).toBe('/');
  });

  test('an unknown passkey fails like a wrong password, without saying more', async () => {
    mockApi({
      'POST /api/session/passkey/options': { status: 200, body: OPTIONS },
      'POST /api/session/passkey': {
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'anything' },
      },
    });
    dialog.getPasskey.mockResolvedValue(CREDENTIAL);
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Passkey sign-in failed. Please try again or use your password.',
    );
  });

  test('a closed dialog sends nothing and says so; the button can be pressed again', async () => {
    const fetchMock = mockApi({ 'POST /api/session/passkey/options': { status: 200, body: OPTIONS } });
    dialog.getPasskey.mockRejectedValue(
      new PasskeyDialogError('Passkey sign-in was cancelled or timed out.'),
    );
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Passkey sign-in was cancelled or timed out.',
    );
    expect(callsTo(fetchMock, 'POST /api/session/passkey')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' }).hasAttribute('disabled')).toBe(
      false,
    );
  });
});

test('a browser without passkeys is not offered the button', async () => {
  vi.unstubAllGlobals();
  mockApi({});
  renderLogin();
  await screen.findByRole('button', { name: 'Login' });
  expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
});
