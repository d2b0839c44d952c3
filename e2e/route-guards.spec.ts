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
