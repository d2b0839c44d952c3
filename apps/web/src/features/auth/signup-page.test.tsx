import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { SignupPage } from './signup-page.tsx';

function renderSignup() {
  return renderPages([{ path: '/signup', component: SignupPage }], '/signup');
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  overrides: Partial<Record<string, string>> = {},
) {
  const values = {
    Username: 'ada',
    'Full name': 'Ada Lovelace',
    Email: 'Ada@Example.com',
    Password: 'correct horse',
    'Confirm password': 'correct horse',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('SignupPage', () => {
  test('shows the messages on submit, then re-validates each field as it changes', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderSignup();

    await user.click(await screen.findByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Username'), 'ada');
    await waitFor(() => expect(screen.queryByText('Username is required')).toBeNull());

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Invalid email format')).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), ' but longer');
    await user.type(screen.getByLabelText('Confirm password'), 'something else');
    expect(await screen.findByText('password does not match')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/users')).toEqual([]);
  });

  test('a taken username shows the server message on the username field', async () => {
    mockApi({
      'POST /api/users': {
        status: 409,
        body: { code: 'USERNAME_TAKEN', message: 'This username is already taken.' },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSignup();
    await screen.findByRole('button', { name: 'Sign up' });
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const messageId = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(messageId)?.textContent).toBe('This username is already taken.');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  test('a taken email shows the server message on the email field', async () => {
    mockApi({
      'POST /api/users': {
        status: 409,
        body: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSignup();
    await screen.findByRole('button', { name: 'Sign up' });
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'An account with this email already exists.',
    );
  });

  test('a new account is sent without the confirmation and leads to the login page with a toast', async () => {
    const fetchMock = mockApi({ 'POST /api/users': { status: 201, body: { id: 'u1' } } });
    const user = userEvent.setup({ delay: null });
    renderSignup();
    await screen.findByRole('button', { name: 'Sign up' });
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Marker /')).toBeTruthy();
    expect(await screen.findByText('Account created. Please log in.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/users')).toEqual([
      { username: 'ada', fullname: 'Ada Lovelace', email: 'Ada@Example.com', password: 'correct horse' },
    ]);
  });
});
