import { randomBytes } from 'node:crypto';
import { readE2eEnv } from './fixtures/env.ts';
import { expect, test } from './fixtures/test.ts';
import { logInThroughUi, siteNameInHeader, toast } from './fixtures/ui.ts';

test('an administrator changes the site name and sees it in the header', async ({ page }) => {
  const siteName = `Candor E2E ${randomBytes(3).toString('hex')}`;
  await logInThroughUi(page, readE2eEnv().admin);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/all-user/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');

  const field = page.getByLabel('Site name');
  await expect(field).not.toHaveValue('');
  await field.fill(siteName);
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
  } finally {
    await visitor.close();
  }
});
