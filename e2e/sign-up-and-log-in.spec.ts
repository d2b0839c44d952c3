import { PHONE } from './fixtures/layout.ts';
import { findLink, readLatestMail } from './fixtures/outbox.ts';
import { expect, test } from './fixtures/test.ts';
import { LOGIN_HEADING, logOutThroughUi, siteNameInHeader, submitLoginForm, toast } from './fixtures/ui.ts';
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

test('a dead verification link: signed out it says to sign in; the owner, on a phone, gets a new link that works', async ({
  page,
  browser,
  signedInClient,
}) => {
  const deadLink = '/verify-email?token=expired-or-made-up';
  // A visitor who is not signed in is told to sign in first (only the owner may ask for a link).
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(deadLink);
    await expect(visitorPage.getByText('This verification link is invalid or has expired.')).toBeVisible();
    await expect(visitorPage.getByText(/^Sign in to have a new verification link sent/)).toBeVisible();
    await expect(visitorPage.getByRole('button', { name: 'Send a new link' })).toHaveCount(0);
  } finally {
    await visitor.close();
  }

  await page.setViewportSize(PHONE);
  await page.goto(deadLink);
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
  await expect(
    page.getByText(`Your address ${signedInClient.email} is not verified yet.`, { exact: false }),
  ).toBeVisible();

  // /account marks the address and sends a new link; the toast names the address.
  await page.goto('/account');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('E-mail not verified')).toBeVisible();
  await profile.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    toast(page, `Verification email sent to ${signedInClient.email}. The link is valid for one hour.`),
  ).toBeVisible();
  // The e2e server has no SMTP: the toast says the link is in Messages, where the owner reads it.
  await expect(toast(page, 'the link is in your Messages')).toBeVisible();

  const mail = await readLatestMail(signedInClient, /verify your e-mail/);
  const link = findLink(mail.text, '/verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`Your e-mail address ${signedInClient.email} is verified.`)).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(signedInClient.email);
  await expect(page.getByText('E-mail not verified')).toHaveCount(0);
});
