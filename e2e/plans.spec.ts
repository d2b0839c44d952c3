import { PLAN_MESSAGES } from '@candor/contracts/plans';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

test('a customer buys the Basic signal plan and a trading package, and sees them on /account and /statement', async ({
  page,
  browser,
  signedInClient,
}) => {
  // Two credits of $1,000 (above $1,000 a credit awaits a second staff member's approval).
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '1000');
    await creditCustomer(admin, signedInClient.id, '1000');
  });

  // /signal: Basic, confirmed in a dialog that shows the price, duration and terms.
  await page.goto('/signal');
  await expect(page.getByRole('heading', { name: 'Signal plans' })).toBeVisible();
  const basic = page.getByRole('article', { name: 'Basic' });
  await expect(basic).toContainText('$1,000.00');
  await expect(basic).toContainText('30 days');
  await expect(basic).toContainText('Ratings of 10 instruments');
  await expect(page.getByRole('article', { name: 'Unlimited' })).toContainText('No end date');
  await page.screenshot({ path: '/tmp/plans-signal.png', fullPage: true });
  await basic.getByRole('button', { name: 'PURCHASE PLAN' }).click();
  const confirm = page.getByRole('dialog', { name: 'Buy Basic' });
  await expect(confirm).toContainText('$1,000.00');
  await expect(confirm).toContainText('30 days');
  await expect(confirm).toContainText('Intervals: 1 hour');
  await page.screenshot({ path: '/tmp/plans-confirm.png' });
  await confirm.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(toast(page, PLAN_MESSAGES.purchased('Basic'))).toBeVisible();
  await expect(basic).toContainText('Active until');
  await expect(basic.getByRole('button', { name: 'PURCHASE PLAN' })).toHaveCount(0);
  // Lower plans say why they cannot be bought while Basic runs.
  const unlimited = page.getByRole('article', { name: 'Unlimited' });
  await expect(unlimited.getByRole('button', { name: 'PURCHASE PLAN' })).toBeDisabled();
  await expect(unlimited).toContainText('only a higher plan can replace it');
  // Basic unlocks the signals list: computed ratings of 10 instruments on hourly candles, each linking to its chart.
  const signalsList = page.getByRole('region', { name: 'Signals list' });
  await expect(signalsList.getByRole('link', { name: /: open its chart$/ })).toHaveCount(10);
  await signalsList.screenshot({ path: '/tmp/plans-signals-list.png' });

  // Without enough cash for a higher plan, PURCHASE PLAN opens a deposit for the missing amount.
  await page.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'PURCHASE PLAN' }).click();
  await expect(page).toHaveURL(/\/deposit\?/);
  await expect(page.getByText(/You need \$[\d,]+\.\d{2} more to buy Gold\./)).toBeVisible();
  await expect(page.getByLabel('Amount (USD)')).not.toHaveValue('');

  // /upgrade: the Zero trading package.
  await page.goto('/upgrade');
  await expect(page.getByRole('heading', { name: 'Trading packages' })).toBeVisible();
  const zero = page.getByRole('article', { name: 'Zero' });
  await expect(zero).toContainText('Spread 1.2 pips on forex, 0.12% on crypto and stocks');
  await expect(zero).toContainText('Leverage up to 1:500');
  await zero.getByRole('button', { name: 'PURCHASE PLAN' }).click();
  await page
    .getByRole('dialog', { name: 'Buy Zero' })
    .getByRole('button', { name: 'Confirm purchase' })
    .click();
  await expect(toast(page, PLAN_MESSAGES.purchased('Zero'))).toBeVisible();
  await expect(zero).toContainText('Active until');
  await page.screenshot({ path: '/tmp/plans-upgrade.png', fullPage: true });

  // The ticket on /trades now trades with Zero's spread and leverage, shown before BUY or SELL.
  await page.goto('/trades');
  const ticket = page.getByRole('region', { name: 'Spread and leverage' });
  await expect(ticket).toContainText('1.2 pips');
  await expect(ticket).toContainText('Leverage up to 1:500');
  await expect(ticket).toContainText('Zero');
  await page.getByLabel('Amount (USD)').fill('100');
  await expect(ticket).toContainText(/Spread cost\s*\$\d+\.\d\d/);
  await ticket.screenshot({ path: '/tmp/plans-ticket-zero.png' });

  // /account lists both, with their expiry and the price paid.
  await page.goto('/account');
  const myPlans = page.getByRole('region', { name: 'My plans' });
  await expect(myPlans).toContainText('Basic');
  await expect(myPlans).toContainText('Zero');
  await expect(myPlans).toContainText('$1,000.00 paid');
  await expect(myPlans).toContainText('$500.00 paid');
  await expect(myPlans.getByText(/Active until/)).toHaveCount(2);
  await myPlans.screenshot({ path: '/tmp/plans-account.png' });

  // /statement has the two plan purchases.
  await page.goto('/statement');
  await expect(page.getByRole('cell', { name: 'Plan purchase: Basic' })).toBeVisible();
  await page.screenshot({ path: '/tmp/plans-statement.png', fullPage: true });
  await expect(page.getByRole('cell', { name: 'Plan purchase: Zero' })).toBeVisible();
});

test('on a phone the plan cards stack and stay readable', async ({ page, signedInClient }) => {
  expect(signedInClient.id).toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/upgrade');
  await expect(page.getByRole('article', { name: 'Gold' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/plans-upgrade-390.png', fullPage: true });
});

test('an administrator edits a plan on the Plans tab and is refused a description promising a return', async ({
  browser,
}) => {
  await asAdmin(browser, async (admin) => {
    await admin.goto('/all-user?tab=plans');
    await expect(admin.getByRole('region', { name: 'Signal plans' })).toBeVisible();
    await admin.screenshot({ path: '/tmp/plans-admin-tab.png', fullPage: true });
    await admin.getByRole('button', { name: 'Edit Diamond' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Diamond' });
    await dialog.getByLabel('Description').fill('Guaranteed profits with every signal.');
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(PLAN_MESSAGES.returnPromise('guaranteed'));
    await admin.screenshot({ path: '/tmp/plans-admin-refused.png' });

    await dialog
      .getByLabel('Description')
      .fill('Computed ratings of every instrument on 1-hour, 4-hour and daily candles, with rating alerts.');
    await dialog.getByLabel('Rank').fill('55');
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await expect(toast(admin, 'Diamond is saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = admin.getByRole('row').filter({ hasText: 'Diamond' });
    await expect(row).toContainText('55');
  });
});
