import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { expectWhole } from './fixtures/layout.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';

test("a provider's page shows statistics computed from its trades: returns, trades, open positions, risk score, equity curve", async ({
  page,
  browser,
  signedInClient,
}) => {
  test.setTimeout(120_000);
  const { baseURL } = readE2eEnv();
  const headers = { origin: baseURL };
  const traderName = `Stats ${signedInClient.username.slice(-5)}`;
  let providerId = '';
  await asAdmin(browser, async (admin) => {
    const upload = await admin.request.post('/api/admin/strategy-providers/images', {
      headers,
      multipart: {
        file: { name: 'trader.png', mimeType: 'image/png', buffer: makePng(64, 64, [5, 150, 105]) },
      },
    });
    await expectOk(upload, 'upload the image');
    const { fileId } = (await upload.json()) as { fileId: string };
    const created = await admin.request.post('/api/admin/strategy-providers', {
      headers,
      data: {
        email: signedInClient.email,
        displayName: traderName,
        imageFileId: fileId,
        minimumBalance: '500',
        profitShare: '20',
      },
    });
    await expectOk(created, 'add the trader');
    providerId = ((await created.json()) as { id: string }).id;
    await creditCustomer(admin, signedInClient.id, '1000');
  });
  await expectOk(await page.request.post('/api/strategy-providers/invitation/accept', { headers }), 'accept');

  // Two trades opened and closed, one left open.
  for (const direction of ['buy', 'sell']) {
    const opened = await page.request.post('/api/trades', {
      headers,
      data: { symbol: 'EURUSD', direction, amount: '100', lotSize: '2' },
    });
    await expectOk(opened, 'open a trade');
    const { id } = (await opened.json()) as { id: string };
    await expectOk(await page.request.post(`/api/trades/${id}/close`, { headers }), 'close the trade');
  }
  await expectOk(
    await page.request.post('/api/trades', {
      headers,
      data: { symbol: 'BTCUSD', direction: 'buy', amount: '200', lotSize: '5' },
    }),
    'open a trade',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/copy-trader/${providerId}`);
  await expect(page.getByRole('heading', { name: traderName })).toBeVisible();
  await expect(page.getByText("Statistics are computed from the trader's trades")).toBeVisible();
  const trades = page.getByText('Trades', { exact: true }).locator('..');
  await expect(trades).toContainText('2');
  await expect(page.getByRole('cell', { name: 'BTCUSD' })).toBeVisible();
  // On a phone the open position fits the card: its result shows without scrolling the table sideways,
  // its direction, amount, lot and open price under the symbol.
  const position = page.getByRole('row').filter({ hasText: 'BTCUSD' });
  const positions = page.getByRole('table').filter({ has: position }).locator('..');
  await expectWhole(position.getByRole('cell').last(), positions);
  await expectWhole(position.getByText('BUY · $200.00 · Lot 5.00'), positions);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expect(page.getByText(/\d+ of 10/)).toBeVisible();
  // A new account: one day-end point is not there yet, only now.
  await expect(page.getByText("The curve starts after the account's first full day.")).toBeVisible();
  await expect(page.getByText('How these are computed')).toBeVisible();
  await page.screenshot({ path: '/tmp/stats-provider-page-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/stats-provider-page-1280.png', fullPage: true });
  await page.goto('/copy-trader');
  // The account is younger than 30 days: its card's Return Rate is not computed yet ("—").
  const card = page
    .getByRole('list', { name: 'Traders' })
    .getByRole('listitem')
    .filter({ hasText: traderName });
  await expect(card).toContainText('Not enough history yet');
  await page.screenshot({ path: '/tmp/stats-cards-1280.png', fullPage: true });
});
