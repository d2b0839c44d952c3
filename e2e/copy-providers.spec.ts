import type { Browser, Page } from '@playwright/test';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { signInThroughApi } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { buildUser, type NewUser, signUpThroughApi } from './fixtures/users.ts';

/** A new customer signed up and signed in, in a browser of their own (390 px wide), for `steps`. */
async function asNewCustomer(
  browser: Browser,
  steps: (page: Page, user: NewUser & { id: string }) => Promise<void>,
  before?: (user: NewUser & { id: string }) => Promise<void>,
): Promise<void> {
  const user = buildUser();
  const { id } = await signUpThroughApi(user);
  await before?.({ ...user, id });
  const context = await browser.newContext({ baseURL: readE2eEnv().baseURL });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page.request, user);
    await steps(page, { ...user, id });
  } finally {
    await context.close();
  }
}

/** The card of a trader on /copy-trader. */
function traderCard(page: Page, name: string) {
  return page.getByRole('list', { name: 'Traders' }).getByRole('listitem').filter({ hasText: name });
}

const BELOW_MINIMUM =
  'You need a balance of at least $500.00 to copy this trader. This amount will not be deducted from your balance.';

test('an administrator makes a customer a provider, who accepts; a funded follower copies and cancels; the admin deletes the trader', async ({
  page,
  browser,
  signedInClient,
}) => {
  test.setTimeout(120_000);
  const traderName = `Aurora ${signedInClient.username.slice(-5)}`;

  // ADD TRADER: the administrator picks the customer by e-mail.
  await asAdmin(browser, async (admin) => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/add-trader');
    await expect(admin.getByRole('heading', { name: 'Add trader' })).toBeVisible();
    await admin.getByRole('button', { name: 'ADD TRADER' }).click();
    await expect(admin.getByText('Name is required')).toBeVisible();
    await expect(admin.getByText('Profile image is required')).toBeVisible();
    await admin.getByLabel('Customer e-mail').fill(signedInClient.email);
    await admin.getByLabel('Name').fill(traderName);
    await admin.getByLabel('Minimum Balance').fill('500');
    await admin.getByLabel('Profit Share').fill('20');
    await admin.getByLabel('Profile Image').setInputFiles({
      name: 'trader.png',
      mimeType: 'image/png',
      buffer: makePng(64, 64, [37, 99, 235]),
    });
    await admin.screenshot({ path: '/tmp/providers-add-trader.png', fullPage: true });
    await admin.getByRole('button', { name: 'ADD TRADER' }).click();
    await expect(toast(admin, 'Trader created successfully!')).toBeVisible();
    await expect(admin).toHaveURL(/\/copy-trader$/);
  });

  // The customer is told and accepts on /copy-trader.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/copy-trader');
  const invitation = page.getByRole('region', { name: 'Strategy provider invitation' });
  await expect(invitation).toContainText('You were made a strategy provider');
  await page.screenshot({ path: '/tmp/providers-invitation-390.png', fullPage: true });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(invitation).toBeHidden();
  const ownCard = traderCard(page, traderName);
  await expect(ownCard).toContainText('This is you');

  // A follower without the minimum is refused with the seed's text.
  await asNewCustomer(browser, async (poor) => {
    await poor.goto('/copy-trader');
    const card = traderCard(poor, traderName);
    await card.getByRole('button', { name: 'Copy' }).click();
    const dialog = poor.getByRole('dialog', { name: `Copy ${traderName}` });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(BELOW_MINIMUM);
    await poor.screenshot({ path: '/tmp/providers-below-minimum-390.png', fullPage: true });
  });

  // A funded follower copies, sees Followers 1, opens the provider page, then cancels.
  await asNewCustomer(
    browser,
    async (follower) => {
      await follower.goto('/copy-trader');
      const card = traderCard(follower, traderName);
      await expect(card).toContainText('Not enough history yet');
      await card.getByRole('button', { name: 'Copy' }).click();
      const dialog = follower.getByRole('dialog', { name: `Copy ${traderName}` });
      await expect(dialog).toContainText('only on profit above your previous best');
      await dialog.getByLabel('Copy stop-loss (optional)').fill('150');
      // The provider holds nothing open: there is nothing to copy now (e2e/copy-stop-loss.spec.ts has it).
      await expect(dialog).toContainText(`${traderName} has no open positions now`);
      await follower.screenshot({ path: '/tmp/providers-copy-dialog-390.png', fullPage: true });
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect(toast(follower, 'Trader copied successfully')).toBeVisible();
      await expect(card.getByText('Followers').locator('..')).toContainText('1');
      await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
      await follower.screenshot({ path: '/tmp/providers-cards-390.png', fullPage: true });

      await card.getByRole('link').first().click();
      await expect(follower.getByRole('heading', { name: traderName })).toBeVisible();
      await expect(follower.getByText('Statistics are computed from the trader')).toBeVisible();
      await expect(follower.getByText('Followers, last 7 days')).toBeVisible();
      await follower.screenshot({ path: '/tmp/providers-provider-page-390.png', fullPage: true });
      // Cancel asks first, saying what stops and what stays; Keep copying leaves the copy as it was.
      await follower.getByRole('button', { name: 'Cancel copying' }).click();
      const asked = follower.getByRole('dialog', { name: 'Cancel copying' });
      await expect(asked).toContainText(
        `Stop copying ${traderName}? Their new trades are no longer copied to your account; copied trades that are open stay open.`,
      );
      await follower.screenshot({ path: '/tmp/providers-cancel-dialog-390.png' });
      await asked.getByRole('button', { name: 'Keep copying' }).click();
      await expect(asked).toBeHidden();
      await expect(follower.getByText('You copy this trader')).toBeVisible();
      await follower.getByRole('button', { name: 'Cancel copying' }).click();
      await asked.getByRole('button', { name: 'Cancel copying' }).click();
      await expect(toast(follower, 'Copying trade canceled')).toBeVisible();
      await expect(follower.getByRole('button', { name: 'Copy' })).toBeVisible();
    },
    (user) => asAdmin(browser, (admin) => creditCustomer(admin, user.id, '1000')),
  );

  // The administrator deletes the trader, with a reason.
  await asAdmin(browser, async (admin) => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/copy-trader');
    const card = traderCard(admin, traderName);
    await card.getByRole('button', { name: 'Edit terms' }).click();
    const edit = admin.getByRole('dialog', { name: `Edit ${traderName}` });
    await edit.getByLabel('Profit Share').fill('25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin, 'Trader updated')).toBeVisible();
    await expect(card).toContainText('25.00%');
    await admin.screenshot({ path: '/tmp/providers-admin-cards.png', fullPage: true });
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete trader' });
    await dialog.getByLabel('Reason').fill('No longer trading');
    await dialog.getByRole('button', { name: 'Delete trader' }).click();
    await expect(toast(admin, 'Trader deleted successfully')).toBeVisible();
    await expect(card).toBeHidden();
    await expect(admin.getByRole('region', { name: 'Invitations and former traders' })).toContainText(
      'No longer trading',
    );
  });
});
