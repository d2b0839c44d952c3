import { expect, test } from './fixtures/test.ts';
import { LOGIN_FAILED, logInThroughUi, logOutThroughUi, submitLoginForm, toast } from './fixtures/ui.ts';

test('a client changes the password and logs in with the new one', async ({ page, signedInClient }) => {
  const newPassword = `${signedInClient.password}-changed`;

  // From the profile menu, as the header offers it.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/change-password');

  await page.getByLabel('Current password').fill(signedInClient.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password updated successfully')).toBeVisible();

  await logOutThroughUi(page);
  await submitLoginForm(page, signedInClient);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_FAILED);
  await logInThroughUi(page, { email: signedInClient.email, password: newPassword });
});

test('a wrong current password is refused and the password stays the same', async ({
  page,
  signedInClient,
}) => {
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill(`${signedInClient.password}-wrong`);
  await page.getByLabel('New password', { exact: true }).fill('another-password-1');
  await page.getByLabel('Confirm new password').fill('another-password-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'The current password is incorrect')).toBeVisible();

  await logOutThroughUi(page);
  await logInThroughUi(page, signedInClient);
});
