import type { APIRequestContext } from '@playwright/test';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

type Candle = { time: number; close: string };

/** The recorded 1-minute candles of EURUSD from `from` to `to` (Unix seconds). */
async function minuteCandles(api: APIRequestContext, from: number, to: number): Promise<Candle[]> {
  const response = await api.get(`/api/instruments/EURUSD/candles?interval=1m&from=${from}&to=${to}`);
  await expectOk(response, 'read EURUSD candles');
  return ((await response.json()) as { candles: Candle[] }).candles;
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
  await asAdmin(browser, async (admin) => {
    await creditCustomer(admin, signedInClient.id, '1000');
    // Two recorded minutes of the past, an hour apart. The close is the minute of the next half
    // hour farthest from the open: a result of $200 × (close ÷ open − 1) under half a cent is
    // $0.00, and a zero result posts nothing to the statement.
    const openMinute = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;
    const [opened] = await minuteCandles(admin.request, openMinute, openMinute);
    const later = await minuteCandles(admin.request, openMinute + 3600, openMinute + 3600 + 30 * 60);
    if (!opened) throw new Error('the simulated market recorded no usable minutes');
    const resultOf = (candle: Candle) => 200 * (Number(candle.close) / Number(opened.close) - 1);
    const closed = later.reduce<Candle | undefined>(
      (farthest, candle) =>
        farthest && Math.abs(resultOf(farthest)) >= Math.abs(resultOf(candle)) ? farthest : candle,
      undefined,
    );
    if (!closed || Math.abs(resultOf(closed)) < 0.01) {
      throw new Error('the simulated market recorded no minute that moves a $200 exposure by a cent');
    }

    await admin.goto(`/user/${signedInClient.id}`);
    const form = admin.getByRole('form', { name: 'Book external trade' });
    await form.getByLabel('Instrument').selectOption('EURUSD');
    await form.getByText('Buy', { exact: true }).click();
    await form.getByLabel('Trade amount (USD)').fill('100');
    await form.getByLabel('Lot size').fill('2');
    await form.getByLabel('Open time (UTC)').fill(utcInput(opened.time));
    await form.getByLabel('Open price').fill(opened.close);
    await form.getByLabel('Close time (UTC)').fill(utcInput(closed.time));
    await form.getByLabel('Close price').fill(closed.close);
    await form.getByLabel('Reason').fill(REASON);
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
  const card = page.getByRole('article', { name: 'BUY EURUSD, Awaiting acceptance' });
  await expect(card).toContainText(REASON);
  await expect(card).toContainText('Booked by desk');
  await expect(card).toContainText('$100.00 · lot size 2.00');
  await card.getByRole('button', { name: 'Accept trade' }).click();
  // Final either way: the customer confirms what accepting posts.
  const confirm = page.getByRole('dialog', { name: 'Accept this trade?' });
  await expect(confirm).toContainText('is posted to your balance and statement.');
  await confirm.getByRole('button', { name: 'Accept trade' }).click();
  await expect(toast(page, 'Trade accepted: its result is on your statement')).toBeVisible();
  await expect(page.getByRole('article', { name: 'BUY EURUSD, Accepted' })).toBeVisible();

  // The result is on the statement, as the desk's booking.
  await page.goto('/statement');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('(booked by desk): BUY EURUSD ×2.00');
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
