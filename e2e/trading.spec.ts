import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk, signInThroughApi } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { expectWhole, PHONE } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { buildUser, signUpThroughApi } from './fixtures/users.ts';

/** Dollars shown as "$1,234.56" (or "+$1.23" / "−$1.23") into cents. */
function cents(text: string): number {
  const match = /([+\-−]?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[2]?.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] === '-' || match[1] === '−' ? -value : value;
}

async function balances(api: APIRequestContext) {
  const response = await api.get('/api/me/balances');
  await expectOk(response, 'read balances');
  return (await response.json()) as { total: string; available: string; profit: string };
}

test('a customer buys BTCUSD, watches it under Active, closes it, and the balances move by exactly its result', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, (admin) => creditCustomer(admin, signedInClient.id, '1000'));

  await page.goto('/trades');
  await expect(page.getByRole('heading', { name: 'Market' })).toBeVisible();
  await page.getByRole('tab', { name: 'Crypto' }).click();
  await page.getByLabel('Asset', { exact: true }).selectOption('BTCUSD');
  await page.getByLabel('Amount (USD)').fill('200');
  await page.getByLabel('Lot size', { exact: true }).fill('5');
  // Leaving the Market page and coming back finds the ticket as it was left.
  await page.goto('/dashboard');
  await page.goto('/trades');
  await expect(page.getByLabel('Asset', { exact: true })).toHaveValue('BTCUSD');
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('200');
  await expect(page.getByLabel('Lot size', { exact: true })).toHaveValue('5');
  await page.getByRole('button', { name: 'BUY' }).click();
  await expect(toast(page, 'Trade Placed Successfully')).toBeVisible();
  expect((await balances(page.request)).available).toBe('800.00');

  // Under Active on the dashboard, its unrealized result follows the live price.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Active' }).click();
  const close = page.getByRole('button', { name: 'Close the BUY BTCUSD trade of $200.00' });
  await expect(close).toBeVisible();
  const row = page.getByRole('row').filter({ has: close });
  const first = await row.textContent();
  await expect.poll(async () => row.textContent(), { timeout: 20_000 }).not.toBe(first);

  await close.click();
  await page
    .getByRole('dialog', { name: 'Close trade' })
    .getByRole('button', { name: 'Close trade' })
    .click();
  await expect(toast(page, 'Trade closed')).toBeVisible();

  await page.getByRole('tab', { name: 'Closed' }).click();
  const closedRow = page.getByRole('row').filter({ hasText: 'BTCUSD' }).first();
  await expect(closedRow).toBeVisible();
  const response = await page.request.get('/api/trades?status=closed');
  const { items } = (await response.json()) as { items: { result: string }[] };
  const result = Math.round(Number(items[0]?.result) * 100);
  const after = await balances(page.request);
  expect(cents(`$${after.total}`)).toBe(100_000 + result);
  expect(Math.round(Number(after.profit) * 100)).toBe(result);
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toContainText(
    `$${Number(after.total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );

  // The trade placed, the ticket was forgotten: back on the Market page it is empty.
  await page.goto('/trades');
  await expect(page.getByLabel('Asset', { exact: true })).toHaveValue('EURUSD');
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('');
});

test('a trade larger than the balance is refused with "Insufficient balance"', async ({
  page,
  signedInClient,
}) => {
  expect(signedInClient.id).toBeTruthy();
  await page.goto('/trades');
  await expect(page.getByRole('heading', { name: 'Market' })).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('50');
  await page.getByRole('button', { name: 'SELL' }).click();
  await expect(page.getByText('Insufficient balance')).toBeVisible();
  expect((await balances(page.request)).available).toBe('0.00');
});

test("on a phone, the admin Trades tab shows a customer's long e-mail whole", async ({ page, browser }) => {
  // 40 characters: long enough to be cut on a phone if it were kept to one line.
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = `${`e2e-${tag}-a-long-mailbox`.slice(0, 28)}@example.com`;
  expect(email).toHaveLength(40);
  const customer = buildUser({ email });
  const { id } = await signUpThroughApi(customer);
  await signInThroughApi(page.request, customer);
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, id, '300');
    const opened = await page.request.post('/api/trades', {
      data: { symbol: 'EURUSD', direction: 'buy', amount: '100', lotSize: '2' },
      headers: { origin: readE2eEnv().baseURL },
    });
    await expectOk(opened, 'open a trade');

    await admin.setViewportSize(PHONE);
    await admin.goto('/all-user?tab=trades');
    await admin.getByLabel('Search by email').fill(email);
    const table = admin.getByRole('table');
    const row = table.getByRole('row').filter({ hasText: 'BUY EURUSD' });
    await expect(row).toHaveCount(1);
    // The e-mail wraps inside the card instead of being cut at its edge.
    const address = row.getByRole('button', { name: email, exact: true });
    await expectWhole(address, table.locator('xpath=..'));
    await expect(address).toHaveText(email);
    await admin.screenshot({ path: '/tmp/admin-trades-long-email-390.png', fullPage: true });
    await admin.setViewportSize({ width: 1440, height: 900 });
    await expectWhole(address, table.locator('xpath=..'));
    await admin.screenshot({ path: '/tmp/admin-trades-long-email-1440.png', fullPage: true });
  });
});

test("an administrator closes a customer's trade at market, with a reason", async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '300');
    const opened = await page.request.post('/api/trades', {
      data: { symbol: 'EURUSD', direction: 'sell', amount: '100', lotSize: '2' },
      headers: { origin: readE2eEnv().baseURL },
    });
    await expectOk(opened, 'open a trade');

    await admin.goto('/all-user?tab=trades');
    await admin.getByLabel('Search by email').fill(signedInClient.email);
    const row = admin.getByRole('row').filter({ hasText: signedInClient.email }).first();
    await expect(row).toContainText('Running');
    // The row says it can be closed at market; its button opens the trade's details.
    await row
      .getByRole('button', { name: `Close the SELL EURUSD trade of ${signedInClient.email} at market` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Trade details' });
    await dialog.getByRole('button', { name: 'Close at market' }).click();
    await dialog.getByLabel('Reason').fill('Customer asked by phone to close');
    await dialog.getByRole('button', { name: 'Close at market' }).click();
    await expect(toast(admin, 'Trade closed at market')).toBeVisible();
    await expect(row).toContainText('Closed');

    // On a phone the row still shows the open and close prices beside the result (PRODUCT §2).
    const closed = await page.request.get('/api/trades?status=closed');
    const [trade] = ((await closed.json()) as { items: { openPrice: string; closePrice: string }[] }).items;
    await dialog.getByRole('button', { name: 'Done' }).click();
    await admin.setViewportSize(PHONE);
    const prices = row.getByText(`Open ${trade?.openPrice} → close ${trade?.closePrice}`);
    await expectWhole(prices, admin.getByRole('table').locator('xpath=..'));
  });
  const response = await page.request.get('/api/trades?status=closed');
  const { items } = (await response.json()) as { items: { closedBy: string; closeReason: string }[] };
  expect(items[0]).toMatchObject({ closedBy: 'admin', closeReason: 'Customer asked by phone to close' });

  // The customer reads who closed it and why: on the dashboard's closed trades, the statement and in Messages.
  await page.goto('/dashboard');
  const trade = page.getByRole('table').getByRole('row').filter({ hasText: 'EURUSD' }).first();
  await expect(trade).toContainText('Closed by an administrator');
  await expect(trade).toContainText('Reason: Customer asked by phone to close');
  await page.goto('/statement');
  const lines = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(lines.filter({ hasText: 'Margin released: SELL EURUSD' })).toContainText(
    'Closed by an administrator. Reason: Customer asked by phone to close',
  );
  await page.goto('/messages');
  await page.getByRole('link', { name: /your SELL EURUSD trade was closed by an administrator/ }).click();
  const notice = page.locator('pre');
  await expect(notice).toContainText('Closed by an administrator: your SELL EURUSD trade');
  await expect(notice).toContainText('Reason: Customer asked by phone to close');
});
