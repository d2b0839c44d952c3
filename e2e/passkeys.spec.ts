import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { logInThroughUi, logOutThroughUi, toast } from './fixtures/ui.ts';

// WebAuthn refuses an IP address as a site's name, so the server (published at 127.0.0.1) keeps its
// passkeys at localhost (plugins/auth.ts): these journeys use the site at http://localhost:<port>.
test.use({ baseURL: process.env.CANDOR_E2E_BASE_URL?.replace('//127.0.0.1:', '//localhost:') });

/** Chromium's virtual authenticator (DevTools protocol): a device with a fingerprint reader. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a customer adds a passkey on /account, signs out and signs in with it', async ({
  page,
  signedInClient,
}) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto('/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await passkeys.getByLabel('Passkey name').fill('My laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  await expect(passkeys.getByRole('cell', { name: 'My laptop', exact: true })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe('localhost');

  await logOutThroughUi(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/dashboard');

  // Recorded like a password sign-in: the fixture's sign-in and this one.
  await page.goto('/account');
  const activity = page.getByRole('region', { name: 'Account activity' });
  await expect(activity.getByRole('table').last().locator('tbody tr')).toHaveCount(2);
  await expect(page.getByText(signedInClient.email)).toBeVisible();
});

test('a deleted passkey no longer signs the customer in', async ({ page, signedInClient }) => {
  await addVirtualAuthenticator(page);
  await page.goto('/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Passkey name').fill('Old phone');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('cell', { name: 'Old phone', exact: true })).toBeVisible();

  // Deleting asks first; Cancel keeps it.
  await passkeys.getByRole('button', { name: 'Delete passkey Old phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete passkey' });
  await expect(dialog).toContainText('“Old phone” will no longer sign you in.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(passkeys.getByRole('cell', { name: 'Old phone', exact: true })).toBeVisible();

  await passkeys.getByRole('button', { name: 'Delete passkey Old phone' }).click();
  await dialog.getByRole('button', { name: 'Delete passkey' }).click();
  await expect(toast(page, 'Passkey deleted')).toBeVisible();
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();

  // The device still offers it, but the site no longer knows it.
  await logOutThroughUi(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Passkey sign-in failed. Please try again or use your password.',
  );
  await expect(page).toHaveURL('/');
  // The password keeps working.
  await logInThroughUi(page, signedInClient);
});
