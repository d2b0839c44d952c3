import { STAFF_ACCOUNT_STATUS_MESSAGE } from '@candor/contracts/account-status';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildAdminUser } from '../../test/admin-users.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { AdminUserPage } from './admin-user-page.tsx';

const ID = 'user-42';
const SETTINGS = { holdEnabled: false, holdReason: null, requireCode: false, updatedAt: null };

function renderUserPage() {
  renderPages(
    [{ path: '/user/$id', component: () => <AdminUserPage entriesTable={() => null} /> }],
    `/user/${ID}`,
    { me: buildMe({ role: 'admin' }) },
  );
}

describe('/user/{id} when the user cannot be read', () => {
  test('a failure that may pass offers Try again, which loads the page in place', async () => {
    let failing = true;
    mockApi({
      [`GET /api/admin/users/${ID}`]: () =>
        failing
          ? {
              status: 500,
              body: { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' },
            }
          : { status: 200, body: buildAdminUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderUserPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The user could not be loaded.');
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Withdrawal settings' })).toBeTruthy();
    expect(screen.queryByText('The user could not be loaded.')).toBeNull();
  });

  test('a user that does not exist says so and leads back to Manage', async () => {
    mockApi({
      [`GET /api/admin/users/${ID}`]: {
        status: 404,
        body: { code: 'USER_NOT_FOUND', message: 'User not found' },
      },
    });
    renderUserPage();
    expect(await screen.findByText('User not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Manage' }).getAttribute('href')).toBe('/all-user');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

/**
 * A staff member's page (decision 061): the server refuses a staff account's sessions, suspension
 * and closure (staff are managed by their role on the Staff tab), so the page offers none of them.
 */
describe('/user/{id} of a staff member', () => {
  function renderStaffPage(viewer: 'owner' | 'admin', { viewerId = 'u1' } = {}) {
    const fetchMock = mockApi({
      [`DELETE /api/admin/staff/${ID}/sessions`]: { status: 200, body: { ended: 2 } },
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildAdminUser({ role: 'admin' }) },
      [`GET /api/admin/users/${ID}/security`]: {
        status: 200,
        body: {
          protection: { frozen: false, frozenAt: null, waitUntil: null, waitCause: null, message: null },
          events: [],
        },
      },
    });
    renderPages(
      [{ path: '/user/$id', component: () => <AdminUserPage entriesTable={() => null} /> }],
      `/user/${ID}`,
      { me: buildMe({ role: viewer, id: viewerId }) },
    );
    return fetchMock;
  }

  test('no Sessions panel that cannot load, and no Suspend or Close account: it says where staff are managed', async () => {
    const fetchMock = renderStaffPage('admin');
    const status = await screen.findByRole('region', { name: 'Account status' });
    expect(status.textContent).toContain(
      `${STAFF_ACCOUNT_STATUS_MESSAGE} Staff roles are changed by an owner.`,
    );
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close account' })).toBeNull();
    // An admin does not manage staff: no link to a tab they cannot open.
    expect(screen.queryByRole('link', { name: 'Open the Staff tab' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Recent sign-ins' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sessions' })).toBeNull();
    expect(screen.queryByText('The sessions could not be loaded.')).toBeNull();
    expect(callsTo(fetchMock, `GET /api/admin/users/${ID}/sessions`)).toEqual([]);
  });

  test('the owner, who manages staff, is led to the Staff tab', async () => {
    renderStaffPage('owner');
    const link = await screen.findByRole('link', { name: 'Open the Staff tab' });
    expect(link.getAttribute('href')).toBe('/all-user?tab=staff');
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
  });

  test('the owner ends every session of the member, with a reason kept in the audit log', async () => {
    const fetchMock = renderStaffPage('owner');
    const status = await screen.findByRole('region', { name: 'Account status' });
    await userEvent.click(within(status).getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions' });
    expect(dialog.textContent).toContain('Signs Grace Hopper out on every device');
    expect(dialog.textContent).toContain('Recorded with your name in the audit log.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE /api/admin/staff/${ID}/sessions`)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Laptop reported stolen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('All sessions ended')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE /api/admin/staff/${ID}/sessions`)).toEqual([
      { reason: 'Laptop reported stolen' },
    ]);
    expect(callsTo(fetchMock, `DELETE /api/admin/users/${ID}/sessions`)).toEqual([]);
  });

  test('no End all sessions for a staff member who does not manage staff', async () => {
    renderStaffPage('admin');
    await screen.findByRole('region', { name: 'Account status' });
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });

  test('the owner on their own page ends their sessions on their account security page instead', async () => {
    renderStaffPage('owner', { viewerId: ID });
    await screen.findByRole('link', { name: 'Open the Staff tab' });
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });
});
