import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

/** "1,08438" style prices from the page into a number. */
function price(text: string | null): number {
  return Number((text ?? '').replaceAll(',', ''));
}

test('a funded customer sees Bid, Ask, the spread and its cost on the ticket, and a BUY opens at the ask', async ({
  page,
  browser,
  signedInClient,
}) => {
  await asAdmin(browser, (admin) => creditCustomer(admin, signedInClient.id, '1000'));
  const termsResponse = await page.request.get('/api/trading-terms');
  await expectOk(termsResponse, 'read the trading terms');
  const terms = (await termsResponse.json()) as {
    maxLeverage: number;
    forexSpreadPips: string;
    source: string;
  };
  expect(terms).toMatchObject({ maxLeverage: 100, forexSpreadPips: '2.0', source: 'default' });

  await page.goto('/trades');
  await expect(page.getByRole('heading', { name: 'Market' })).toBeVisible();
  const ticket = page.getByRole('region', { name: 'Spread and leverage' });
  await expect(ticket).toContainText('Spread');
  await expect(ticket).toContainText('2.0 pips');
  await expect(ticket).toContainText('Leverage up to 1:100');
  await expect(ticket).toContainText('Default terms');
  await expect(ticket.getByRole('link', { name: 'Trading packages' })).toHaveAttribute('href', '/upgrade');
  const ask = page.getByTestId('ticket-ask');
  await expect(ask).not.toHaveText('—');
  // EURUSD at 2.0 pips: the ask is 0.00020 above the bid. Both read at one moment: a live quote
  // between two reads would pair one quote's ask with the next one's bid.
  const [askText, bidText] = await page.evaluate(() =>
    ['ticket-ask', 'ticket-bid'].map(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
    ),
  );
  expect(price(askText ?? null) - price(bidText ?? null)).toBeCloseTo(0.0002, 8);

  await page.getByLabel('Amount (USD)').fill('500');
  await page.getByLabel('Lot size', { exact: true }).fill('10');
  // $5,000 traded × 0.00020 ÷ the ask (about $0.84 at 1.19).
  await expect(ticket).toContainText(/Spread cost\s*\$0\.\d\d/);
  const shownCost = Number(/Spread cost\s*\$(\d+\.\d\d)/.exec((await ticket.textContent()) ?? '')?.[1]);
  const expectedCost = (5000 * 0.0002) / price(await ask.textContent());
  expect(Math.abs(shownCost - expectedCost)).toBeLessThanOrEqual(0.011);
  await page.screenshot({ path: '/tmp/spreads-ticket.png', fullPage: true });

  // More than the maximum leverage is refused on the ticket.
  await page.getByLabel('Lot size', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'BUY' }).click();
  await expect(page.getByText("Lot size can be at most 100 (your account's maximum leverage)")).toBeVisible();

  await page.getByLabel('Lot size', { exact: true }).fill('10');
  const shownAsk = price(await ask.textContent());
  await page.getByRole('button', { name: 'BUY' }).click();
  await expect(toast(page, 'Trade Placed Successfully')).toBeVisible();

  const response = await page.request.get('/api/trades?status=open');
  await expectOk(response, 'read the open trades');
  const { items } = (await response.json()) as {
    items: { openPrice: string; openMidPrice: string; spread: { unit: string; value: string } }[];
  };
  const trade = items[0];
  if (!trade) throw new Error('no open trade');
  expect(trade.spread).toEqual({ unit: 'pips', value: '2.0' });
  // The price moves between the screen and the click: the trade opened at the ask of its own mid.
  expect(Number(trade.openPrice) - Number(trade.openMidPrice)).toBeCloseTo(0.0001, 8);
  expect(Math.abs(Number(trade.openPrice) - shownAsk)).toBeLessThan(0.01);

  // The Active list shows the executed open price with its mid and spread.
  await expect(page.getByRole('cell', { name: /mid .*2\.0 pips/ }).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trades');
  await expect(ticket).toContainText('Leverage up to 1:100');
  await ticket.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/spreads-ticket-mobile.png', fullPage: true });
});
