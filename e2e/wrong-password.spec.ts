import { expect, test } from './fixtures/test.ts';
import { LOGIN_FAILED, submitLoginForm } from './fixtures/ui.ts';

test('a wrong password shows the failure message and keeps the visitor on the login page', async ({
  page,
  client,
}) => {
  await page.goto('/');
  await submitLoginForm(page, { email: client.email, password: `${client.password}-wrong` });

  await expect(page.getByRole('alert')).toHaveText(LOGIN_FAILED);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page).toHaveURL('/');

  // No session was opened.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
});

test('an unknown e-mail shows the same failure message', async ({ page }) => {
  await page.goto('/');
  await submitLoginForm(page, { email: `nobody-${Date.now()}@example.com`, password: 'some-password' });

  await expect(page.getByRole('alert')).toHaveText(LOGIN_FAILED);
  await expect(page).toHaveURL('/');
});
