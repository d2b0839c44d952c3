import { runAdminCommand } from './fixtures/admin-cli.ts';
import { PHONE } from './fixtures/layout.ts';
import { findLink } from './fixtures/outbox.ts';
import { expect, test } from './fixtures/test.ts';
import { LOGIN_FAILED, LOGIN_HEADING, submitLoginForm } from './fixtures/ui.ts';

const OPERATOR_RESET =
  /^This account's password was reset on \d{4}-\d\d-\d\d \d\d:\d\d UTC with a link from the site's administrators\.$/;
const OPERATOR_RESET_EVENT = "Password reset with a link from the site's administrators";
const TWO_FACTOR_ADVICE = /E-mail is not set up on this site, so a forgotten password can only be reset/;

const EMAIL_NOT_SET_UP =
  "E-mail is not set up on this site, so a reset link cannot reach your inbox. Ask the site's administrators for a password reset link.";

test('with no e-mail set up, the page sends a client to the operator, whose one-time reset link lets them in with a new password', async ({
  page,
  client,
  baseURL,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL('/reset-password');
  // The router changes the address before the lazily loaded page replaces the login form (which
  // has an Email field too): wait for the page a person would see.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText(EMAIL_NOT_SET_UP)).toBeVisible();
  // No form promises a link that could only land in Messages, which a locked-out client cannot open.
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0);
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toHaveCount(0);

  // The operator makes a one-time link with the admin command while the server runs.
  const printed = await runAdminCommand('reset-link', '--email', client.email);
  expect(printed).toContain(`A one-time password reset link for ${client.email.toLowerCase()}`);
  expect(printed).toContain(
    "The customer will see that their password was reset with a link from the site's administrators",
  );
  const link = findLink(printed, '/reset-password/new');
  expect(link.origin).toBe(new URL(baseURL ?? '').origin);
  expect(link.searchParams.get('token')).toBeTruthy();

  const newPassword = `${client.password}-new`;
  await page.goto(link.href);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();

  // The old password no longer opens the account, and the page says the operator's link reset it
  // (decision 019); the new password opens it.
  await submitLoginForm(page, client);
  const alert = page.getByRole('alert');
  await expect(alert.locator('p')).toHaveText([LOGIN_FAILED, OPERATOR_RESET]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/operator-reset-login-1440.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '/tmp/operator-reset-login-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await submitLoginForm(page, { email: client.email, password: newPassword });
  await expect(page).toHaveURL('/dashboard');

  // The account's security events name it; with no e-mail, two-factor is recommended.
  await page.goto('/account');
  await expect(page.getByText(OPERATOR_RESET_EVENT, { exact: true })).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_ADVICE)).toBeVisible();
  await page.screenshot({ path: '/tmp/operator-reset-account-1440.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '/tmp/operator-reset-account-390.png', fullPage: true });

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link.href);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByLabel('Confirm new password').fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
});
