import { formatUsd } from '@candor/domain/money/money';
import type { Browser, Page } from '@playwright/test';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk, signInThroughApi } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { findProfitableClose, planProfitableBuy, secondOf, simulatedMidAt } from './fixtures/market.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { buildUser, type NewUser, signUpThroughApi } from './fixtures/users.ts';

type Customer = NewUser & { id: string; page: Page };

/** A new customer, signed up, in a browser of their own (its own cookies), signed in. */
async function openNewCustomer(browser: Browser): Promise<Customer & { close(): Promise<void> }> {
  const user = buildUser();
  const { id } = await signUpThroughApi(user);
  const context = await browser.newContext({ baseURL: readE2eEnv().baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page.request, user);
  return { ...user, id, page, close: () => context.close() };
}

/** "+$1,234.56" or "−$1.23" (a statement amount) into cents. */
function cents(text: string | null): number {
  const match = /([+\-−]?)\$([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[2]?.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] === '-' || match[1] === '−' ? -value : value;
}

/** The customer's one open trade, from their own trade list's API. */
async function openTradeOf(
  page: Page,
): Promise<{ openPrice: number; openMidPrice: number; openedAt: string }> {
  const response = await page.request.get('/api/trades?status=open');
  await expectOk(response, 'list open trades');
  const { items } = (await response.json()) as {
    items: { openPrice: string; openMidPrice: string; openedAt: string }[];
  };
  expect(items).toHaveLength(1);
  const [trade] = items;
  if (!trade) throw new Error('no open trade');
  return {
    openPrice: Number(trade.openPrice),
    openMidPrice: Number(trade.openMidPrice),
    openedAt: trade.openedAt,
  };
}

/** How many open trades the customer has, from their own trade list's API. */
async function openTradeCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/trades?status=open');
  await expectOk(response, 'list open trades');
  return ((await response.json()) as { items: unknown[] }).items.length;
}

/** Whether the customer's statement (its first page, newest first) has an entry saying `text`. */
async function statementSays(page: Page, text: string): Promise<boolean> {
  const response = await page.request.get('/api/me/statement?page=1');
  await expectOk(response, 'read the statement');
  const { items } = (await response.json()) as { items: { description: string }[] };
  return items.some((entry) => entry.description.includes(text));
}

/** Waits until the clock reaches the start of a second (Unix seconds): the market moves with the clock. */
async function waitUntilSecond(page: Page, second: number): Promise<void> {
  const ms = second * 1000 - Date.now();
  if (ms > 0) await page.waitForTimeout(ms);
}

async function screenshotAt(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    // From the top: a full-page capture of a scrolled page paints the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `/tmp/copy-journey-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const PROFIT_SHARE_PERCENT = 20;
/**
 * Each account is credited (no more than the $1,000 a manual adjustment may make without a second
 * staff member) and pays $1 of it for the trading package below: when the provider's trade opens,
 * the provider's equity is $999 and the follower's $499. The copy's margin is
 * $900 × 499 ÷ 999 = $449.549… and copy-sizing.ts rounds it down to the cent: $449.54.
 */
const PROVIDER_AMOUNT = '$900.00';
const COPY_AMOUNT = '$449.54';

test('a provider made by an administrator buys BTCUSD; the follower gets a copy sized by equity; the provider closes in profit; both statements and the provider page show it', async ({
  browser,
}) => {
  // Runs in 35–55 s. Its wait for the market to rise (e2e/fixtures/market.ts) is usually a few
  // seconds, seldom a minute, and two and a half at most.
  test.setTimeout(240_000);
  const { baseURL } = readE2eEnv();
  const headers = { origin: baseURL };
  const provider = await openNewCustomer(browser);
  const follower = await openNewCustomer(browser);
  const traderName = `Copy ${provider.username.slice(-6)}`;
  try {
    // Not the journey: funds, and a trading package without spread for both accounts. With the
    // default 0.20 % spread a BUY gains only after the price rises 0.2 %, minutes of waiting on
    // chance; without it, the simulated price (e2e/fixtures/market.ts) says when a BUY gains.
    await asAdmin(browser, async (admin) => {
      await creditCustomer(admin, provider.id, '1000');
      await creditCustomer(admin, follower.id, '500');
      const plan = {
        kind: 'trading',
        name: `No spread ${provider.username.slice(-6)}`,
        description: 'Trading package of the copy-trading journey: no spread.',
        price: '1.00',
        durationDays: 1,
        onSale: true,
        rank: 0,
        features: { kind: 'trading', maxLeverage: 100, forexSpreadPips: '0', otherSpreadPercent: '0' },
      };
      const created = await admin.request.post('/api/admin/plans', { headers, data: plan });
      await expectOk(created, 'add the package');
      const { id: planId } = (await created.json()) as { id: string };
      for (const customer of [provider, follower]) {
        const bought = await customer.page.request.post(`/api/plans/${planId}/purchase`, {
          headers,
          data: { expectedPrice: '1.00' },
        });
        await expectOk(bought, 'buy the package');
      }
      await expectOk(
        await admin.request.put(`/api/admin/plans/${planId}`, { headers, data: { ...plan, onSale: false } }),
        'take the package off sale',
      );

      // ADD TRADER: the administrator makes the customer a provider, by e-mail.
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.goto('/add-trader');
      await admin.getByLabel('Customer e-mail').fill(provider.email);
      await admin.getByLabel('Name').fill(traderName);
      await admin.getByLabel('Minimum Balance').fill('100');
      await admin.getByLabel('Profit Share').fill(String(PROFIT_SHARE_PERCENT));
      await admin.getByLabel('Profile Image').setInputFiles({
        name: 'trader.png',
        mimeType: 'image/png',
        buffer: makePng(64, 64, [15, 118, 110]),
      });
      await admin.getByRole('button', { name: 'ADD TRADER' }).click();
      await expect(toast(admin, 'Trader created successfully!')).toBeVisible();
    });

    // The customer accepts on /copy-trader.
    await provider.page.goto('/copy-trader');
    const invitation = provider.page.getByRole('region', { name: 'Strategy provider invitation' });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect(invitation).toBeHidden();

    // The follower copies.
    await follower.page.goto('/copy-trader');
    const card = follower.page
      .getByRole('list', { name: 'Traders' })
      .getByRole('listitem')
      .filter({ hasText: traderName });
    await card.getByRole('button', { name: 'Copy' }).click();
    await follower.page
      .getByRole('dialog', { name: `Copy ${traderName}` })
      .getByRole('button', { name: 'Copy' })
      .click();
    await expect(toast(follower.page, 'Trader copied successfully')).toBeVisible();
    const providerPath = await card.getByRole('link').first().getAttribute('href');
    expect(providerPath).toMatch(/^\/copy-trader\/[\w-]+$/);

    // The provider buys BTCUSD at a moment after which the price is known to rise.
    const ticket = provider.page;
    await ticket.goto('/trades');
    await ticket.getByRole('tab', { name: 'Crypto' }).click();
    await ticket.getByLabel('Asset', { exact: true }).selectOption('BTCUSD');
    await ticket.getByLabel('Amount (USD)').fill('900');
    await ticket.getByLabel('Lot size', { exact: true }).fill('100');
    const plan = planProfitableBuy('BTCUSD', {
      from: secondOf(Date.now()) + 1,
      gap: 8,
      margin: 1,
      horizon: 150,
    });
    await waitUntilSecond(ticket, plan.open);
    const pressed = secondOf(Date.now());
    await ticket.getByRole('button', { name: 'BUY' }).click();
    await expect(toast(ticket, 'Trade Placed Successfully')).toBeVisible();
    const answered = secondOf(Date.now());
    const providerTrade = await openTradeOf(provider.page);
    // The server prices a trade with its latest tick (one a second; up to a few seconds old under
    // load) at some moment between the press and its answer. Not openedAt's seconds: under load the
    // price is read seconds after the time the trade is stamped with (its transaction's start), and
    // four seconds before openedAt missed it in runs with four workers.
    const opened = secondOf(Date.parse(providerTrade.openedAt));
    const priced = Array.from({ length: answered - pressed + 4 }, (_, i) => pressed - 3 + i).find(
      (s) => simulatedMidAt('BTCUSD', s) === providerTrade.openMidPrice,
    );
    const pricedAfterOpened = Array.from({ length: 121 }, (_, i) => i - 60).find(
      (d) => simulatedMidAt('BTCUSD', opened + d) === providerTrade.openMidPrice,
    );
    expect(
      priced,
      `BUY pressed in second ${pressed}, answered in ${answered}, stamped ${opened}; priced at ${pricedAfterOpened ?? 'no second within 60'} s from the stamp`,
    ).toBeDefined();

    // The follower's copy appears, its margin scaled by the equity ratio.
    const copyClose = follower.page.getByRole('button', {
      name: `Close the BUY BTCUSD trade of ${COPY_AMOUNT}`,
    });
    // The copy is made by a job after the provider's trade: the server is asked until it has it (a
    // page reloaded against a two-second limit failed under load while the page itself was slow),
    // and then the page, once, shows it.
    await expect.poll(() => openTradeCount(follower.page), { timeout: 15_000 }).toBe(1);
    await follower.page.goto('/trades');
    await expect(copyClose).toBeVisible();
    await screenshotAt(follower.page, 'follower-trades-open');
    // The provider page lists the position while it is open.
    await follower.page.goto(providerPath ?? '');
    await expect(follower.page.getByRole('cell', { name: 'BTCUSD' })).toBeVisible();

    // The provider closes when the price is above both opens (planned again from the actual prices).
    const opens = [providerTrade.openPrice, (await openTradeOf(follower.page)).openPrice];
    const closeAt = findProfitableClose('BTCUSD', opens, 1, secondOf(Date.now()) + 1, 150);
    if (closeAt === undefined) throw new Error(`BTCUSD does not rise above ${opens.join(', ')} within 150 s`);
    const close = ticket.getByRole('button', { name: `Close the BUY BTCUSD trade of ${PROVIDER_AMOUNT}` });
    await close.click();
    const confirm = ticket
      .getByRole('dialog', { name: 'Close trade' })
      .getByRole('button', { name: 'Close trade' });
    await expect(confirm).toBeVisible();
    await waitUntilSecond(ticket, closeAt);
    await confirm.click();
    await expect(toast(ticket, 'Trade closed')).toBeVisible();

    // The follower's statement: the copy's result, and the profit share on it.
    // The copy closes by a job as well: its profit share is awaited from the server, then shown.
    const shareText = `above your previous best on copies of ${traderName}`;
    await expect.poll(() => statementSays(follower.page, shareText), { timeout: 15_000 }).toBe(true);
    await follower.page.goto('/statement');
    const rows = follower.page.getByRole('table', { name: 'Transactions' }).getByRole('row');
    const shareRow = rows.filter({ hasText: shareText });
    await expect(shareRow).toBeVisible();
    const resultRow = rows.filter({ hasText: 'Trade result' }).filter({ hasText: 'BTCUSD' });
    await expect(resultRow).toContainText('Profit');
    await expect(resultRow).toContainText(`Copied from ${traderName}`);
    const result = cents(await resultRow.getByRole('cell').nth(3).textContent());
    const share = Math.floor((result * PROFIT_SHARE_PERCENT) / 100);
    expect(result).toBeGreaterThan(0);
    expect(cents(await shareRow.getByRole('cell').nth(3).textContent())).toBe(-share);
    // The first copy's whole profit is its rise above the previous best (none yet): the line says
    // the rate and that rise, so the fee can be checked from the statement alone.
    await expect(shareRow).toContainText(
      `Profit share: ${PROFIT_SHARE_PERCENT}% of ${formatUsd(BigInt(result))} ${shareText}`,
    );
    await screenshotAt(follower.page, 'follower-statement');
    await follower.page.goto('/trades');
    // The list opens on Active (the copy is closed: none) and scrolls its tab into view as it
    // mounts; the Closed tab is clicked once that has happened, and must then be the one selected.
    const yourTrades = follower.page.getByRole('tabpanel', { name: 'Active' });
    await expect(yourTrades.getByText('No active trades.')).toBeVisible();
    const closedTab = follower.page.getByRole('tab', { name: 'Closed' });
    await closedTab.click();
    await expect(closedTab).toHaveAttribute('aria-selected', 'true');
    await expect(follower.page.getByRole('row').filter({ hasText: 'BTCUSD' }).first()).toBeVisible();
    await screenshotAt(follower.page, 'follower-trades-closed');

    // The provider's statement: their own profit, and the share received.
    await provider.page.goto('/statement');
    const providerRows = provider.page.getByRole('table', { name: 'Transactions' }).getByRole('row');
    const received = providerRows.filter({ hasText: 'Profit share' });
    // Income from a follower's copy, with the rate and the rise: the follower is not named, and the
    // provider's own name is not in it as if they had copied.
    await expect(received).toContainText(
      `Profit share received: ${PROFIT_SHARE_PERCENT}% of a follower's ${formatUsd(BigInt(result))} rise on a copy of your trade`,
    );
    await expect(received).not.toContainText(traderName);
    await expect(received).not.toContainText(follower.email);
    await expect(received).not.toContainText(follower.fullname);
    expect(cents(await received.getByRole('cell').nth(3).textContent())).toBe(share);
    const providerResult = providerRows.filter({ hasText: 'Trade result' }).filter({ hasText: 'BTCUSD' });
    expect(cents(await providerResult.getByRole('cell').nth(3).textContent())).toBeGreaterThan(0);
    await screenshotAt(provider.page, 'provider-statement');

    // The provider page counts the trade: one closed trade, won.
    await follower.page.goto(providerPath ?? '');
    await expect(follower.page.getByRole('heading', { name: traderName })).toBeVisible();
    const stat = (label: string) => follower.page.getByText(label, { exact: true }).locator('..');
    await expect(stat('Trades')).toContainText('1');
    await expect(stat('Win rate')).toContainText('100.00%');
    await expect(stat('Win rate')).toContainText('1 won, 0 lost');
    await expect(follower.page.getByText('No open positions.')).toBeVisible();
    await screenshotAt(follower.page, 'provider-page');
  } finally {
    await provider.close();
    await follower.close();
  }
});
