import { randomBytes } from 'node:crypto';
import { openAdminPage } from './fixtures/admin.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { expect, test } from './fixtures/test.ts';
import { LOGIN_HEADING, logInThroughUi, toast } from './fixtures/ui.ts';
import { buildUser, signUpThroughApi } from './fixtures/users.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test('a customer signs out of their other sessions; staff find them by a part of their name, see the sign-ins and end their sessions', async ({
  page,
  browser,
}) => {
  // A customer with a name of their own signs in in the browser and sees it on /account.
  const surname = `Quillfeather${randomBytes(3).toString('hex')}`;
  const customer = buildUser({ fullname: `${surname} Marlowe` });
  const { id } = await signUpThroughApi(customer);
  await logInThroughUi(page, customer);
  await page.goto('/account');
  const activity = page.getByRole('region', { name: 'Account activity' });
  await expect(activity.getByText('This browser')).toBeVisible();

  // Signed in on a phone as well, they sign out of every other session from this browser.
  const phoneContext = await browser.newContext({
    baseURL: readE2eEnv().baseURL,
    viewport: { width: 390, height: 844 },
    userAgent: IPHONE,
  });
  try {
    const phone = await phoneContext.newPage();
    await logInThroughUi(phone, customer);
    await page.reload();
    const sessionsTable = activity.getByRole('table').first();
    await expect(sessionsTable.locator('tbody tr')).toHaveCount(2);
    await expect(sessionsTable).toContainText('Safari on iOS');
    await activity.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out of all other sessions' });
    await expect(confirm).toContainText('(1 other session). This browser stays signed in.');
    await confirm.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await expect(toast(page, 'Signed out of all other sessions')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(sessionsTable.locator('tbody tr')).toHaveCount(1);
    await expect(sessionsTable).not.toContainText('Safari on iOS');
    await expect(activity.getByRole('button', { name: 'Sign out of all other sessions' })).toBeHidden();
    // The phone is signed out on its next page; this browser is not.
    await phone.goto('/dashboard');
    await expect(phone.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
    await page.reload();
    await expect(activity.getByText('This browser')).toBeVisible();
  } finally {
    await phoneContext.close();
  }

  // A staff member searches the Users tab by a part inside the name (not its start), in lower case.
  const admin = await openAdminPage(browser);
  try {
    const staff = admin.page;
    await staff.goto('/all-user?tab=users');
    const part = surname.slice(5).toLowerCase();
    await staff.getByLabel('Search').fill(part);
    // The search runs on the server once typing pauses; it is in the URL when it has.
    await expect(staff).toHaveURL(new RegExp(`search=${part}`));
    const table = staff.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(`${surname} Marlowe`);
    await expect(table).toContainText(customer.email);
    await expect(table.getByText('Active')).toBeVisible();
    await staff.setViewportSize({ width: 1440, height: 900 });
    await staff.screenshot({ path: '/tmp/users-search-1440.png' });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.screenshot({ path: '/tmp/users-search-390.png', fullPage: true });
    await staff.setViewportSize({ width: 1440, height: 900 });
    await staff.getByRole('link', { name: `${surname} Marlowe` }).click();
    await expect(staff).toHaveURL(`/user/${id}`);

    // The user page shows the sign-ins (this browser's and the phone's), then the sessions are ended.
    const signIns = staff.getByRole('region', { name: 'Recent sign-ins' });
    await expect(signIns.getByRole('row')).toHaveCount(3);
    const sessions = staff.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await sessions.getByRole('button', { name: 'End all sessions' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('Customer reported a lost laptop');
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await expect(toast(staff, 'All sessions ended')).toBeVisible();
    await expect(sessions.getByText('No active sessions.')).toBeVisible();
  } finally {
    await admin.close();
  }

  // The customer's browser is signed out.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
});
