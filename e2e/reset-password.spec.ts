import { findLink, readLatestMail } from './fixtures/outbox.ts';
import { expect, test } from './fixtures/test.ts';
import { LOGIN_FAILED, LOGIN_HEADING, submitLoginForm } from './fixtures/ui.ts';

test('a client resets a forgotten password through the e-mailed link and logs in with the new one', async ({
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
  await page.getByLabel('Email').fill(client.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();

  const mail = await readLatestMail(client.email, /reset your password/i);
  const link = findLink(mail.text, '/reset-password/new');
  expect(link.origin).toBe(new URL(baseURL ?? '').origin);
  expect(link.searchParams.get('token')).toBeTruthy();

  const newPassword = `${client.password}-new`;
  await page.goto(link.href);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();

  // The old password no longer opens the account; the new one does.
  await submitLoginForm(page, client);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_FAILED);
  await submitLoginForm(page, { email: client.email, password: newPassword });
  await expect(page).toHaveURL('/dashboard');

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link.href);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByLabel('Confirm new password').fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
});
