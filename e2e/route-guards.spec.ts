import { asAdmin } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';

test('an anonymous visitor who opens /dashboard lands on the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Login into your account' })).toBeVisible();
});

test('a signed-in client who opens / lands on the dashboard', async ({ page, signedInClient }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedInClient.fullname}` })).toBeVisible();
});

test('a signed-in client who opens a page that does not exist reads "Page not found" inside the app, its menu at hand', async ({
  page,
  signedInClient: _signedIn,
}) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('a signed-in client who opens /signup lands on the dashboard, not a second sign-up form', async ({
  page,
  signedInClient,
}) => {
  await page.goto('/signup');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedInClient.fullname}` })).toBeVisible();
});

test("a staff member's home is the back office: / and /dashboard lead to Manage, whose menu has no customer money pages", async ({
  browser,
}) => {
  await asAdmin(browser, async (admin) => {
    await admin.goto('/');
    await expect(admin).toHaveURL(/\/all-user/);
    await admin.goto('/dashboard');
    await expect(admin).toHaveURL(/\/all-user/);
    const menu = admin.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link').first()).toHaveText('Manage');
    for (const name of ['Home', 'Deposit', 'Withdrawals', 'Statement', 'Buy Crypto', 'Upgrade', 'Loans']) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });
});

test('a signed-out visitor who opens a deep link is taken back to it once signed in', async ({
  page,
  client,
}) => {
  await page.goto('/trades?symbol=BTCUSD');
  await expect(page).toHaveURL('/?redirect=%2Ftrades%3Fsymbol%3DBTCUSD');
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password').fill(client.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/trades?symbol=BTCUSD');
  await expect(page.getByLabel('Asset', { exact: true })).toHaveValue('BTCUSD');
});
