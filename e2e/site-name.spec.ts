import { randomBytes } from 'node:crypto';
import { readE2eEnv } from './fixtures/env.ts';
import { expect, test } from './fixtures/test.ts';
import { logInThroughUi, siteNameInHeader, toast } from './fixtures/ui.ts';

test('an administrator changes the site name and the support e-mail; the header and the reset page show them', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const siteName = `Candor E2E ${tag}`;
  const supportEmail = `help-${tag}@candor.test`;
  // A staff member's home is the back office.
  await logInThroughUi(page, readE2eEnv().admin, /\/all-user/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/all-user/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');

  const field = page.getByLabel('Site name');
  await expect(field).not.toHaveValue('');
  await field.fill(siteName);
  await page.getByLabel('Support e-mail').fill(supportEmail);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Site settings updated successfully!')).toBeVisible();

  await expect(siteNameInHeader(page)).toHaveText(siteName);

  // Saved on the server: a reload and the public login page show it too.
  await page.reload();
  await expect(siteNameInHeader(page)).toHaveText(siteName);
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error('no browser to open a second context');
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(new URL('/', page.url()).href);
    await expect(anonymous.getByRole('banner')).toContainText(siteName);
    // This run sends no e-mail: a locked-out customer is given the address to write to.
    await anonymous.goto(new URL('/reset-password', page.url()).href);
    await expect(anonymous.getByRole('note')).toContainText(
      `Write to our support agents at ${supportEmail}.`,
    );
    await expect(anonymous.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );
  } finally {
    await visitor.close();
  }
});
