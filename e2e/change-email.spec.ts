import { findLink, readLatestMail } from './fixtures/outbox.ts';
import { expect, test } from './fixtures/test.ts';
import { logInThroughUi, logOutThroughUi, toast } from './fixtures/ui.ts';

test('a client changes the e-mail address: the link in Messages completes it, and the new address signs in', async ({
  page,
  signedInClient,
}) => {
  const newEmail = signedInClient.email.replace('@', '.new@');

  await page.goto('/update-email');
  await expect(page.getByText(`Current address: ${signedInClient.email}`)).toBeVisible();
  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Current password').fill(signedInClient.password);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(toast(page, 'Verification email sent to the new email address.')).toBeVisible();

  // The e2e server has no SMTP: the link is in the customer's own Messages, addressed to the new address.
  const mail = await readLatestMail(signedInClient, /confirm your new e-mail address/, newEmail);
  const link = findLink(mail.text, '/verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Email updated successfully!')).toBeVisible();
  await expect(page.getByText(`Your e-mail address ${newEmail} is verified.`)).toBeVisible();

  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await logOutThroughUi(page);
  await logInThroughUi(page, { email: newEmail, password: signedInClient.password });
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(newEmail);
});
