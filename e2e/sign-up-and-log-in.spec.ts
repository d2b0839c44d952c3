import { expect, test } from './fixtures/test.ts';
import { LOGIN_HEADING, logOutThroughUi, siteNameInHeader, submitLoginForm } from './fixtures/ui.ts';
import { buildUser } from './fixtures/users.ts';

test('a visitor signs up, logs in, sees the dashboard shell and logs out', async ({ page }) => {
  const user = buildUser();

  await page.goto('/');
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full name').fill(user.fullname);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Success goes back to the login page (seed-spec §2).
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();

  await submitLoginForm(page, user);
  await expect(page).toHaveURL('/dashboard');

  // The shell: site name in the header, the side navigation, the profile menu; the dashboard.
  await expect(siteNameInHeader(page)).not.toBeEmpty();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Market' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manage' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.fullname}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText('$0.00');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu')).toContainText(user.email);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await logOutThroughUi(page);

  // Signed out for real: the dashboard sends the visitor back to the login page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
});
