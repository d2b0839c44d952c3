import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

const EMAIL_NOT_SET_UP =
  "E-mail is not set up on this site, so a reset link cannot reach your inbox. Ask the site's administrators for a password reset link.";

async function requestReset(email: string) {
  const user = userEvent.setup({ delay: null });
  renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ResetPasswordPage', () => {
  test('an empty e-mail is refused in the browser', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': settingsReply('smtp') });
    const user = userEvent.setup({ delay: null });
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }, { timeout: 5_000 }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/password-resets')).toEqual([]);
  });

  test('success replaces the form with the confirmation', async () => {
    const fetchMock = mockApi({
      'POST /api/password-resets': {
        status: 202,
        body: { message: 'Password reset email sent! Check your inbox.' },
      },
    });
    await requestReset('ada@example.com');
    expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/password-resets')).toEqual([{ email: 'ada@example.com' }]);
  });

  test('an unknown address says there is no account', async () => {
    mockApi({
      'POST /api/password-resets': {
        status: 404,
        body: { code: 'USER_NOT_FOUND', message: 'whatever the server says' },
      },
    });
    await requestReset('nobody@example.com');
    expect(await screen.findByText('No account found with that email address.')).toBeTruthy();
  });

  test('any other failure gives the general message', async () => {
    mockApi({
      'POST /api/password-resets': { status: 429, body: { code: 'RATE_LIMITED', message: 'Slow down' } },
    });
    await requestReset('ada@example.com');
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
  });

  test('with e-mail set up, the form promises a link and its success says the e-mail was sent', async () => {
    mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/password-resets': { status: 202, body: { message: 'sent' } },
    });
    await requestReset('ada@example.com');
    expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeTruthy();
    expect(screen.queryByText(EMAIL_NOT_SET_UP)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  test('with e-mail set up, an unknown address and then a known one end with the success alone', async () => {
    let replies = 0;
    mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/password-resets': () =>
        ++replies === 1
          ? { status: 404, body: { code: 'USER_NOT_FOUND', message: 'No account' } }
          : { status: 202, body: { message: 'sent' } },
    });
    const user = userEvent.setup({ delay: null });
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('No account found with that email address.')).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeTruthy();
    expect(screen.queryByText('No account found with that email address.')).toBeNull();
    expect(screen.queryByText(EMAIL_NOT_SET_UP)).toBeNull();
  });

  test('with no e-mail set up, the page says to ask the administrators and offers no form that would claim to send a link', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': settingsReply('none') });
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    expect(await screen.findByText(EMAIL_NOT_SET_UP)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
    expect(screen.queryByText(/we will send you a reset link/)).toBeNull();
    expect(screen.queryByText('Password reset email sent! Check your inbox.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');
    expect(callsTo(fetchMock, 'POST /api/password-resets')).toEqual([]);
  });

  test('with no e-mail set up and a support e-mail in the settings, the page gives its address to write to', async () => {
    mockApi({ 'GET /api/settings': settingsReply('none', 'help@northwind.test') });
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    expect(await screen.findByText(EMAIL_NOT_SET_UP)).toBeTruthy();
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Write to our support agents at help@northwind.test.');
    expect(screen.getByRole('link', { name: 'help@northwind.test' }).getAttribute('href')).toBe(
      'mailto:help@northwind.test',
    );
  });

  test('with no support e-mail set, the page gives no address', async () => {
    mockApi({ 'GET /api/settings': settingsReply('none') });
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    expect(await screen.findByText(EMAIL_NOT_SET_UP)).toBeTruthy();
    expect(screen.queryByText(/Write to our support agents/)).toBeNull();
  });

  test('a request sent before the settings said e-mail is not set up does not end with "email sent"', async () => {
    let delivery: 'smtp' | 'none' = 'smtp';
    mockApi({
      'GET /api/settings': () => settingsReply(delivery),
      'POST /api/password-resets': { status: 202, body: { message: 'sent' } },
    });
    const { queryClient } = renderPages(
      [{ path: '/reset-password', component: ResetPasswordPage }],
      '/reset-password',
    );
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText('Password reset email sent! Check your inbox.');
    delivery = 'none';
    await queryClient.invalidateQueries();
    expect(await screen.findByText(EMAIL_NOT_SET_UP)).toBeTruthy();
    expect(screen.queryByText('Password reset email sent! Check your inbox.')).toBeNull();
  });

  test('until the settings arrive it says it is loading, not a form that may be replaced', async () => {
    // Every request for the settings waits for the same moment, each then gets its own answer.
    let answerSettings: () => void = () => undefined;
    const settingsArrive = new Promise<void>((resolve) => {
      answerSettings = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/api/settings')
          ? settingsArrive.then(() => Response.json(settingsReply('none').body))
          : new Response(null, { status: 404 }),
      ),
    );
    renderPages([{ path: '/reset-password', component: ResetPasswordPage }], '/reset-password');
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
    answerSettings();
    expect(await screen.findByText(EMAIL_NOT_SET_UP)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
  });
});
