import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildAdminUser } from '../../test/admin-users.ts';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
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
