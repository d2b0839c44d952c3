import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { SetupPage } from './setup-page.tsx';

const search = z.object({ token: z.string().catch('') });

function renderSetup(url: string) {
  return renderPages([{ path: '/setup', component: SetupPage, validateSearch: search }], url);
}

async function fillOwner() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Full name'), 'Olivia Owner');
  await user.type(screen.getByLabelText('Email'), 'olivia@example.com');
  await user.type(screen.getByLabelText('Username'), 'olivia');
  await user.type(screen.getByLabelText('Password'), 'a-strong-password');
  await user.type(screen.getByLabelText('Confirm password'), 'a-strong-password');
  return user;
}

describe('the first-run setup page', () => {
  test("creates the owner with the link's token, then sends them to the login page", async () => {
    const fetchMock = mockApi({
      'GET /api/setup': { status: 200, body: { valid: true } },
      'POST /api/setup': { status: 201, body: { id: 'o1' } },
    });
    const { router } = renderSetup('/setup?token=tok123');
    expect(await screen.findByRole('heading', { name: 'Create the owner account' })).toBeTruthy();
    const user = await fillOwner();
    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'POST /api/setup')).toEqual([
      {
        token: 'tok123',
        fullname: 'Olivia Owner',
        email: 'olivia@example.com',
        username: 'olivia',
        password: 'a-strong-password',
      },
    ]);
    // The confirmation sign-up shows (QA finding 6).
    expect(await screen.findByText('Account created. Please log in.')).toBeTruthy();
  });

  test('checks the form before sending: mismatched passwords', async () => {
    const fetchMock = mockApi({ 'GET /api/setup': { status: 200, body: { valid: true } } });
    renderSetup('/setup?token=tok123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a-strong-password');
    await user.type(screen.getByLabelText('Confirm password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    expect(await screen.findByText('password does not match')).toBeTruthy();
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/setup')).toEqual([]);
  });

  test.each([
    ['a used or wrong link', '/setup?token=used'],
    ['a link without a token', '/setup'],
  ])('%s shows a clear error page instead of the form', async (_name, url) => {
    mockApi({ 'GET /api/setup': { status: 200, body: { valid: false } } });
    renderSetup(url);
    expect(await screen.findByText('This setup link is not valid or has already been used.')).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
  });

  test('a link used by someone else meanwhile says so when the form is sent', async () => {
    mockApi({
      'GET /api/setup': { status: 200, body: { valid: true } },
      'POST /api/setup': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'This setup link is not valid or has already been used.' },
      },
    });
    renderSetup('/setup?token=tok123');
    const user = await fillOwner();
    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    expect(await screen.findByText('This setup link is not valid or has already been used.')).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });

  test("says the owner's password must be hard to guess, and a refused one is said beside the field", async () => {
    mockApi({
      'GET /api/setup': { status: 200, body: { valid: true } },
      'POST /api/setup': {
        status: 400,
        body: { code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak },
      },
    });
    renderSetup('/setup?token=tok123');
    expect(await screen.findByText(STAFF_PASSWORD_MESSAGES.hint)).toBeTruthy();
    const user = await fillOwner();
    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    const field = screen.getByLabelText('Password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      STAFF_PASSWORD_MESSAGES.tooWeak,
    );
    expect(screen.getByRole('heading', { name: 'Create the owner account' })).toBeTruthy();
  });
});
