import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';
import { totpCode } from './fixtures/totp.ts';
import { logOutThroughUi, submitLoginForm, toast, turnOnTwoFactorThroughUi } from './fixtures/ui.ts';

/** A 6-digit code that is not the current one (nor, but for a one-in-a-million chance, a neighbour). */
async function wrongCode(secret: string): Promise<string> {
  return String((Number(await totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
}

test('a customer turns on two-factor, signs out, signs in with a code, and requests a withdrawal with a code', async ({
  page,
  browser,
  signedInClient,
}) => {
  // On /account: password, QR code and secret, a code, recovery codes shown once.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  const secret = await turnOnTwoFactorThroughUi(page, signedInClient.password);
  // The change shows in the account's security history.
  await expect(section.getByRole('list', { name: 'Two-factor history' })).toContainText(
    'Two-factor authentication turned on',
  );

  // Signing in now takes the password and then the code; a wrong code is refused, clearly.
  await logOutThroughUi(page);
  await submitLoginForm(page, signedInClient);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await page.getByLabel('Authentication code').fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  await expect(page).toHaveURL('/');
  await page.getByLabel('Authentication code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');

  // Money to withdraw, credited by an administrator.
  await asAdmin(browser, (admin) => creditCustomer(admin, signedInClient.id, '200'));

  // The withdrawal form asks for the code too.
  await page.goto('/select-withdrawal');
  await page.getByRole('button', { name: /^Paypal/ }).click();
  await page.getByLabel('PayPal e-mail').fill('me@paypal.example');
  await page.getByLabel('Amount (USD)').fill('50');
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await code.fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(
    page.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await code.fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(page, 'Withdrawal successful')).toBeVisible();
});
