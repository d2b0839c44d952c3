import type { APIRequestContext } from '@playwright/test';
import { asAdmin, asStaff, creditCustomer } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { readE2eAccountant } from './fixtures/env.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

type Candle = { time: number; low: string; high: string; close: string };

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
const BIG_REASON = 'Block order executed with the prime broker this morning';

/** A price in dollars moved by `tenThousandths` of itself, to the cent (rounded `up` or down). */
function movePrice(price: string, tenThousandths: bigint, up: boolean): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  const scaled = cents * (10_000n + tenThousandths);
  const moved = scaled / 10_000n + (up && scaled % 10_000n !== 0n ? 1n : 0n);
  return `${moved / 100n}.${(moved % 100n).toString().padStart(2, '0')}`;
}

test('staff book a desk trade with a reason; the customer sees it, accepts it and finds it on the statement; one above the four-eyes threshold waits for a second staff member', async ({
  page,
  browser,
  signedInClient,
}) => {
  // The account is new, and a booking may not open before the minute it was created: the trade opens
  // in that minute and closes a few seconds into the next (a wait of at most a minute). The close
  // minute's candle is still growing then, and its range only widens, so its last price stays in it.
  test.setTimeout(240_000);
  await asAdmin(browser, async (admin) => {
    // Cash for the first booking's $100. Four-eyes counts the customer's adjustments and desk trades
    // of the last 24 hours together (decision 054): with the $20,000 of the big booking credited now,
    // the small booking would wait too. So the rest comes after it.
    await creditCustomer(admin, signedInClient.id, '100');
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

    // Enough cash for a $19,000 booking (the credit itself waits for, and gets, the accountant's approval).
    await creditCustomer(admin, signedInClient.id, '19900');

    // The same minutes at the edges of their ranges (0.05 % outside, within the 0.1 % allowed), $19,000
    // at 1:100: a result above the $1,000 threshold. It waits for a second staff member; the customer
    // is not told of it. (Its amount stays covered whatever the first trade's result: at most $100.)
    await form.getByLabel('Instrument').selectOption('BTCUSD');
    await form.getByText('Buy', { exact: true }).click();
    await form.getByLabel('Trade amount (USD)').fill('19000');
    await form.getByLabel('Lot size').fill('100');
    await form.getByLabel('Open time (UTC)').fill(utcInput(opened.time));
    await form.getByLabel('Open price').fill(movePrice(opened.low, -5n, true));
    await form.getByLabel('Close time (UTC)').fill(utcInput(closed.time));
    await form.getByLabel('Close price').fill(movePrice(closed.high, 5n, false));
    await form.getByLabel('Reason').fill(BIG_REASON);
    await form.getByRole('button', { name: 'Book trade' }).click();
    await expect(toast(admin, 'Awaiting second approval')).toBeVisible();
    const waiting = deskTrades.getByRole('row').filter({ hasText: 'Awaiting second approval' });
    await expect(waiting).toContainText('$19,000.00');
    await expect(waiting).toContainText('the customer is not told until it is approved');
    await deskTrades.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: '/tmp/desk4-user-desk-trades-1440.png' });
    await admin.setViewportSize({ width: 390, height: 900 });
    await deskTrades.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: '/tmp/desk4-user-desk-trades-390.png' });
  });

  // Nothing is posted yet: the customer is told where to answer.
  const before = await page.request.get('/api/me/balances');
  expect((await before.json()).available).toBe('20000.00');
  await page.goto('/dashboard');
  await expect(page.getByText('A trade booked by the desk awaits your acceptance')).toBeVisible();
  await page.getByRole('link', { name: 'Review desk trades' }).click();
  await expect(page).toHaveURL('/desk-trades');
  // Only the proposal below the threshold: the waiting one is not the customer's yet.
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByText(BIG_REASON)).toHaveCount(0);
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
  await expect(rows).toHaveCount(4);
  // The banner is gone.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'TOTAL BALANCE' })).toBeVisible();
  await expect(page.getByText('A trade booked by the desk awaits your acceptance')).toHaveCount(0);

  // Staff see it accepted.
  await asAdmin(browser, async (admin) => {
    await admin.goto(`/user/${signedInClient.id}`);
    await expect(admin.getByRole('region', { name: 'Desk trades' })).toContainText('Accepted');
  });

  // A second staff member reads the booked trade on the Approvals tab and approves it.
  await asStaff(browser, readE2eAccountant(), async (accountant) => {
    await accountant.goto('/all-user?tab=approvals');
    const request = accountant
      .getByRole('region', { name: 'Awaiting second approval' })
      .getByRole('listitem')
      .filter({ hasText: BIG_REASON })
      .filter({ hasText: signedInClient.email });
    await expect(request).toContainText('Desk trade');
    await expect(request).toContainText('E2E Admin');
    const booked = request.getByLabel('Booked trade');
    await expect(booked).toContainText('$19,000.00');
    await expect(booked).toContainText('×100.00');
    await expect(booked).toContainText('UTC');
    await request.scrollIntoViewIfNeeded();
    await accountant.screenshot({ path: '/tmp/desk4-approvals-1440.png' });
    await accountant.setViewportSize({ width: 390, height: 900 });
    await request.scrollIntoViewIfNeeded();
    await accountant.screenshot({ path: '/tmp/desk4-approvals-390.png' });
    await request.getByRole('button', { name: 'Approve' }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Approve' });
    await expect(dialog).toContainText('is checked again and proposed to the customer at once');
    await dialog.getByLabel('Reason').fill('Matched the prime broker ticket');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(accountant, 'Approved: the action was carried out')).toBeVisible();
  });

  // Now it is the customer's proposal, with the desk's reason.
  await page.goto('/desk-trades');
  const proposal = page.getByRole('article', { name: 'BUY BTCUSD, Awaiting acceptance' });
  await expect(proposal).toContainText(BIG_REASON);
  await expect(proposal).toContainText('$19,000.00 · lot size 100.00');
});
