import { STAFF_MESSAGES } from '@candor/contracts/staff-members';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { StaffTab } from './staff-tab.tsx';

const OWNER = {
  id: 'u1',
  name: 'Olivia Owner',
  email: 'olivia@example.com',
  username: 'olivia',
  role: 'owner',
  since: '2026-01-02T10:00:00.000Z',
  twoFactorEnabled: true,
};
const SUPPORT = {
  id: 'u2',
  name: 'Sam Support',
  email: 'sam@example.com',
  username: 'sam',
  role: 'support',
  since: '2026-02-03T10:00:00.000Z',
  twoFactorEnabled: true,
};

function renderTab() {
  return renderPages([{ path: '/all-user', component: StaffTab }], '/all-user?tab=staff', {
    me: buildMe({ id: 'u1', role: 'owner' }),
  });
}

describe('the Staff tab', () => {
  test('lists the members with e-mail, role and since; the owner cannot change their own role', async () => {
    mockApi({ 'GET /api/admin/staff': { status: 200, body: { items: [OWNER, SUPPORT] } } });
    renderTab();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Since']);
    expect(within(table).getByText('(you)')).toBeTruthy();
    const own = screen.getByLabelText('Role of Olivia Owner') as HTMLSelectElement;
    expect(own.value).toBe('owner');
    expect(own.disabled).toBe(true);
    const sam = screen.getByLabelText('Role of Sam Support') as HTMLSelectElement;
    expect(sam.value).toBe('support');
    expect(sam.disabled).toBe(false);
  });

  test('says of a member without two-factor that they cannot act or approve yet', async () => {
    const NEW = {
      ...SUPPORT,
      id: 'u3',
      name: 'Adam Accountant',
      role: 'accountant',
      twoFactorEnabled: false,
    };
    mockApi({ 'GET /api/admin/staff': { status: 200, body: { items: [OWNER, SUPPORT, NEW] } } });
    renderTab();
    const table = await screen.findByRole('table');
    const notes = within(table).getAllByText(STAFF_MESSAGES.twoFactorOff);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.closest('tr')?.textContent).toContain('Adam Accountant');
  });

  test('changes a role in place once confirmed, and says why when the server refuses', async () => {
    let refuse = false;
    const fetchMock = mockApi({
      'GET /api/admin/staff': { status: 200, body: { items: [OWNER, SUPPORT] } },
      'PUT /api/admin/staff/u2/role': () =>
        refuse
          ? {
              status: 409,
              body: {
                code: 'CONFLICT',
                message: 'The last owner cannot be demoted: make another member owner first.',
              },
            }
          : { status: 200, body: { member: { ...SUPPORT, role: 'compliance' } } },
    });
    renderTab();
    const user = userEvent.setup();
    const sam = (await screen.findByLabelText('Role of Sam Support')) as HTMLSelectElement;
    // Choosing asks first; Cancel sends nothing and the select still says the role held.
    await user.selectOptions(sam, 'Compliance');
    const asked = within(await screen.findByRole('dialog', { name: 'Change role' }));
    expect(asked.getByText(/Sam Support \(.*\) becomes Compliance: Verification, suspensions/)).toBeTruthy();
    await user.click(asked.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sam.value).toBe('support');
    expect(callsTo(fetchMock, 'PUT /api/admin/staff/u2/role')).toEqual([]);

    await user.selectOptions(sam, 'Compliance');
    const again = within(await screen.findByRole('dialog', { name: 'Change role' }));
    await user.click(again.getByRole('button', { name: 'Make Compliance' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/admin/staff/u2/role')).toEqual([{ role: 'compliance' }]),
    );
    expect(await screen.findByText('Role updated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    refuse = true;
    await user.selectOptions(screen.getByLabelText('Role of Sam Support'), 'Remove from staff');
    const removing = within(await screen.findByRole('dialog', { name: 'Remove from staff' }));
    expect(removing.getByText(/leaves the staff: their account becomes a customer's/)).toBeTruthy();
    await user.click(removing.getByRole('button', { name: 'Remove from staff' }));
    expect(
      await screen.findByText('The last owner cannot be demoted: make another member owner first.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/staff/u2/role').at(-1)).toEqual({ role: 'client' });
  });

  test('adds a staff member with an initial password and a role; a taken e-mail is said under its field', async () => {
    let taken = true;
    const fetchMock = mockApi({
      'GET /api/settings': settingsReply('smtp'),
      'GET /api/admin/staff': { status: 200, body: { items: [OWNER] } },
      'POST /api/admin/staff': () =>
        taken
          ? {
              status: 409,
              body: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' },
            }
          : { status: 201, body: { ...SUPPORT, role: 'accountant' } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add staff member' });
    // The owner's password for them does not sign them in: they choose their own first (decision 049),
    // here with Forgot password, since the site sends e-mail.
    expect(
      await within(dialog).findByText(
        'The account is verified at once. They will have to choose their own password at their first sign-in (with Forgot password): the one you type here does not sign them in.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/reset-link/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Full name is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/staff')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Full name'), 'Sam Support');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'sam');
    await user.type(within(dialog).getByLabelText('Initial password'), 'initial-pass-1');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Accountant');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('An account with this email already exists.')).toBeTruthy();

    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('Staff member added')).toBeTruthy();
    expect(
      screen.getByText('They choose their own password with Forgot password on the sign-in page.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/admin/staff').at(-1)).toEqual({
      fullname: 'Sam Support',
      email: 'sam@example.com',
      username: 'sam',
      password: 'initial-pass-1',
      role: 'accountant',
    });
  });

  test('an empty Username says "Username is required", as the setup page does; a short one gives the length', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/staff': { status: 200, body: { items: [OWNER] } } });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add staff member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Username is required')).toBeTruthy();
    expect(within(dialog).queryByText('Username must be at least 3 characters')).toBeNull();
    await user.type(within(dialog).getByLabelText('Username'), 'sa');
    expect(await within(dialog).findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/staff')).toEqual([]);
  });

  test('without SMTP, the dialog and the toast give the reset-link command, not Forgot password', async () => {
    mockApi({
      'GET /api/settings': settingsReply('none'),
      'GET /api/admin/staff': { status: 200, body: { items: [OWNER] } },
      'POST /api/admin/staff': { status: 201, body: SUPPORT },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add staff member' });
    // A reset mail would only be kept in the app, which they cannot sign in to read.
    expect(
      await within(dialog).findByText(
        'The account is verified at once. The password you type here does not sign them in: they choose their own first. This site sends no e-mail, so Forgot password cannot reach them; whoever runs the server makes them a one-time reset link with:',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('npm run admin -- reset-link --email <their e-mail>')).toBeTruthy();
    expect(within(dialog).queryByText(/with Forgot password\)/)).toBeNull();

    await user.type(within(dialog).getByLabelText('Full name'), 'Sam Support');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    expect(within(dialog).getByText('npm run admin -- reset-link --email sam@example.com')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Username'), 'sam');
    await user.type(within(dialog).getByLabelText('Initial password'), 'initial-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('Staff member added')).toBeTruthy();
    expect(
      screen.getByText('This site sends no e-mail: they need a reset link from whoever runs the server:'),
    ).toBeTruthy();
    expect(screen.getByText('npm run admin -- reset-link --email sam@example.com')).toBeTruthy();
    expect(screen.queryByText(/Forgot password on the sign-in page/)).toBeNull();
  });

  test('says the initial password must be hard to guess, and a refused one is said under its field', async () => {
    mockApi({
      'GET /api/admin/staff': { status: 200, body: { items: [OWNER] } },
      'POST /api/admin/staff': {
        status: 400,
        body: { code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add staff member' });
    expect(within(dialog).getByText(STAFF_PASSWORD_MESSAGES.hint)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Full name'), 'Sam Support');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'sam');
    await user.type(within(dialog).getByLabelText('Initial password'), 'password123');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    const field = within(dialog).getByLabelText('Initial password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      STAFF_PASSWORD_MESSAGES.tooWeak,
    );
    expect(screen.getByRole('dialog', { name: 'Add staff member' })).toBeTruthy();
  });

  test('gives a role to an existing account by its e-mail', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/staff': { status: 200, body: { items: [OWNER] } },
      'POST /api/admin/staff/grants': {
        status: 404,
        body: { code: 'USER_NOT_FOUND', message: 'No account found with that email address' },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add existing account' }));
    const dialog = screen.getByRole('dialog', { name: 'Give a role to an existing account' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Compliance');
    await user.click(within(dialog).getByRole('button', { name: 'Give role' }));
    expect(await within(dialog).findByText('No account found with that email address')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/staff/grants')).toEqual([
      { email: 'ada@example.com', role: 'compliance' },
    ]);
  });
});
