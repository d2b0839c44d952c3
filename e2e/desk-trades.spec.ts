import type { APIRequestContext } from '@playwright/test';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

type Candle = { time: number; close: string };

/** The recorded 1-minute candle of BTCUSD of `minute` (Unix seconds). */
async function minuteCandle(api: APIRequestContext, minute: number): Promise<Candle> {
  const response = await api.get(`/api/instruments/BTCUSD/candles?interval=1m&from=${minute}&to=${minute}`);
  await expectOk(response, 'read BTCUSD candles');
  const [candle] = ((await response.json()) as { candles: Candle[] }).candles;
  if (!candle) throw new Error(`the simulated market recorded no BTCUSD minute at ${minute}`);
  return candle;
}

/** When the customer's account was created, in Unix seconds (a booking may not open before its minute). */
async function accountCreatedAt(api: APIRequestContext, userId: string): Promise<number> {
  const response = await api.get(`/api/admin/users/${userId}`);
  await expectOk(response, 'read the customer');
  return Date.parse(((await response.json()) as { createdAt: string }).createdAt) / 1000;
}

/** A minute as a datetime-local value in UTC ("2026-11-25T14:05"), as the booking form reads it. */
function utcInput(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16);
}

const REASON = 'Executed by phone on your instruction of this morning';

test('staff book a desk trade with a reason; the customer sees it, accepts it and finds it on the statement', async ({
  page,
  browser,
  signedInClient,
}) => {
  // The account is new, and a booking may not open before the minute it was created: the trade opens
  // in that minute and closes a few seconds into the next (a wait of at most a minute). The close
  // minute's candle is still growing then, and its range only widens, so its last price stays in it.
  test.setTimeout(180_000);
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '1000');
    const createdAt = await accountCreatedAt(admin.request, signedInClient.id);
    const openMinute = Math.floor(createdAt / 60) * 60;
    const closeMinute = openMinute + 60;
    await admin.waitForTimeout(Math.max(0, (closeMinute + 5) * 1000 - Date.now()));
    // BTCUSD moves a $10,000 exposure by more than a cent in a minute: the result posts a statement line.
    const opened = await minuteCandle(admin.request, openMinute);
    const closed = await minuteCandle(admin.request, closeMinute);

    await admin.goto(`/user/${signedInClient.id}`);
    const form = admin.getByRole('form', { name: 'Book external trade' });
    await form.getByLabel('Instrument').selectOption('BTCUSD');
    await form.getByText('Buy', { exact: true }).click();
    await form.getByLabel('Trade amount (USD)').fill('100');
    // The customer's own limit stands under the field: the Settings default, 1:100.
    await expect(
      form.getByText("At most 100: the customer's maximum leverage (Settings default)"),
    ).toBeVisible();
    await form.getByLabel('Lot size').fill('100');
    // A minute before the account existed is refused beside the open time, and nothing is sent.
    await form.getByLabel('Open time (UTC)').fill(utcInput(openMinute - 60));
    await form.getByLabel('Open price').fill(opened.close);
    await form.getByLabel('Close time (UTC)').fill(utcInput(closed.time));
    await form.getByLabel('Close price').fill(closed.close);
    await form.getByLabel('Reason').fill(REASON);
    await form.getByRole('button', { name: 'Book trade' }).click();
    await expect(
      form.getByText("The open time cannot be before the customer's account was created"),
    ).toBeVisible();
    await form.getByLabel('Open time (UTC)').fill(utcInput(opened.time));
    await form.getByRole('button', { name: 'Book trade' }).click();
    await expect(toast(admin, 'Trade proposed to the customer')).toBeVisible();
    const deskTrades = admin.getByRole('region', { name: 'Desk trades' });
    await expect(deskTrades).toContainText('Awaiting acceptance until');
    await expect(deskTrades).toContainText(REASON);
  });

  // Nothing is posted yet: the customer is told where to answer.
  const before = await page.request.get('/api/me/balances');
  expect((await before.json()).available).toBe('1000.00');
  await page.goto('/dashboard');
  await expect(page.getByText('A trade booked by the desk awaits your acceptance')).toBeVisible();
  await page.getByRole('link', { name: 'Review desk trades' }).click();
  await expect(page).toHaveURL('/desk-trades');
  const card = page.getByRole('article', { name: 'BUY BTCUSD, Awaiting acceptance' });
  await expect(card).toContainText(REASON);
  await expect(card).toContainText('Booked by desk');
  await expect(card).toContainText('$100.00 · lot size 100.00');
  await card.getByRole('button', { name: 'Accept trade' }).click();
  // Final either way: the customer confirms what accepting posts.
  const confirm = page.getByRole('dialog', { name: 'Accept this trade?' });
  await expect(confirm).toContainText('is posted to your balance and statement.');
  await confirm.getByRole('button', { name: 'Accept trade' }).click();
  await expect(toast(page, 'Trade accepted: its result is on your statement')).toBeVisible();
  await expect(page.getByRole('article', { name: 'BUY BTCUSD, Accepted' })).toBeVisible();

  // The result is on the statement, as the desk's booking.
  await page.goto('/statement');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('(booked by desk): BUY BTCUSD ×100.00');
  await expect(rows).toHaveCount(3);
  // The banner is gone.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toBeVisible();
  await expect(page.getByText('A trade booked by the desk awaits your acceptance')).toHaveCount(0);

  // Staff see it accepted.
  await asAdmin(browser, async (admin) => {
    await admin.goto(`/user/${signedInClient.id}`);
    await expect(admin.getByRole('region', { name: 'Desk trades' })).toContainText('Accepted');
  });
});
