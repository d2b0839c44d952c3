import type { APIRequestContext } from '@playwright/test';
import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk, newApiContext, signInThroughApi } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { buildUser, signUpThroughApi } from './fixtures/users.ts';

type Page = { items: { id: string; copiedFrom: { closeDelayMs: number | null } | null }[]; total: number };

async function readPage(api: APIRequestContext, url: string): Promise<Page> {
  const response = await api.get(url);
  await expectOk(response, `GET ${url}`);
  return (await response.json()) as Page;
}

async function openTrade(api: APIRequestContext, amount: string): Promise<string> {
  const opened = await api.post('/api/trades', {
    data: { symbol: 'BTCUSD', direction: 'buy', amount, lotSize: '1' },
  });
  await expectOk(opened, 'open a trade');
  return ((await opened.json()) as { id: string }).id;
}

test("a follower's copy is marked with its provider, delay and price difference; a skipped copy is listed with its reason", async ({
  page,
  browser,
  signedInClient: follower,
}) => {
  test.setTimeout(150_000);
  const { baseURL } = readE2eEnv();
  const headers = { origin: baseURL };
  const traderName = `Marks ${follower.username.slice(-5)}`;
  const trader = buildUser();
  const { id: traderId } = await signUpThroughApi(trader);
  const traderApi = await newApiContext();
  await signInThroughApi(traderApi, trader);

  // The administrator makes the trader a provider and funds both accounts; the trader accepts.
  let providerId = '';
  await asAdmin(browser, async (admin) => {
    const upload = await admin.request.post('/api/admin/strategy-providers/images', {
      headers,
      multipart: {
        file: { name: 'trader.png', mimeType: 'image/png', buffer: makePng(64, 64, [14, 116, 144]) },
      },
    });
    await expectOk(upload, 'upload the image');
    const { fileId } = (await upload.json()) as { fileId: string };
    const created = await admin.request.post('/api/admin/strategy-providers', {
      headers,
      data: {
        email: trader.email,
        displayName: traderName,
        imageFileId: fileId,
        minimumBalance: '100',
        profitShare: '10',
      },
    });
    await expectOk(created, 'add the trader');
    providerId = ((await created.json()) as { id: string }).id;
    await creditCustomer(admin, traderId, '1000');
    await creditCustomer(admin, follower.id, '1000');
  });
  await expectOk(await traderApi.post('/api/strategy-providers/invitation/accept'), 'accept');

  // Nothing skipped yet: the follower's /copy-trader says so.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/copy-trader');
  const skipped = page.getByRole('region', { name: 'Skipped copies' });
  await expect(skipped.getByText('No skipped copies.')).toBeVisible();

  await expectOk(
    await page.request.post(`/api/strategy-providers/${providerId}/copy`, {
      headers,
      data: { copyOpenPositions: false },
    }),
    'copy the trader',
  );

  // The provider buys BTCUSD: the job worker opens the follower's copy.
  const providerTradeId = await openTrade(traderApi, '100');
  await expect
    .poll(async () => (await readPage(page.request, '/api/trades?status=open')).items.length, {
      timeout: 30_000,
    })
    .toBe(1);
  await page.goto('/trades');
  const yourTrades = page.getByRole('region', { name: 'Your trades' });
  await expect(yourTrades.getByText(`Copied from ${traderName}`)).toBeVisible();
  // How far from the provider's price, and whether that was better or worse for the follower.
  await expect(
    yourTrades.getByText(
      /^Opened [\d.]+ (ms|s|min).* after the provider, (at their price|[\d,.]+ (better|worse) than their price)$/,
    ),
  ).toBeVisible();
  await yourTrades.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/copy-marks-trades-open-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/copy-marks-trades-open-1280.png', fullPage: true });

  // Staff see the same mark on the customer's page and in All trades (list and details).
  await asAdmin(browser, async (admin) => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`/user/${follower.id}`);
    const positions = admin.getByRole('region', { name: 'Open positions' });
    await expect(positions.getByText(`Copied from ${traderName}`)).toBeVisible();
    await expect(positions.getByText(/after the provider/)).toBeVisible();
    await positions.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: '/tmp/copy-marks-admin-user-1280.png' });
    await admin.goto(`/all-user?tab=trades&search=${encodeURIComponent(follower.email)}`);
    const row = admin.getByRole('row').filter({ hasText: follower.email });
    await expect(row.getByText(`Copied from ${traderName}`).filter({ visible: true })).toBeVisible();
    await admin.screenshot({ path: '/tmp/copy-marks-all-trades-1280.png', fullPage: true });
    await row.getByRole('button', { name: follower.email, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Trade details' });
    await expect(dialog.getByText(traderName)).toBeVisible();
    await expect(dialog.getByText(/^Opened .* after the provider, /)).toBeVisible();
    await admin.screenshot({ path: '/tmp/copy-marks-trade-details-1280.png' });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: '/tmp/copy-marks-trade-details-390.png' });
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByText(`Copied from ${traderName}`).filter({ visible: true })).toBeVisible();
    await admin.screenshot({ path: '/tmp/copy-marks-all-trades-390.png', fullPage: true });
  });

  // The provider closes: so does the copy, and the closed list says how far it closed from theirs.
  await expectOk(await traderApi.post(`/api/trades/${providerTradeId}/close`), 'close the trade');
  await expect
    .poll(async () => (await readPage(page.request, '/api/trades?status=closed')).items[0]?.copiedFrom, {
      timeout: 30_000,
    })
    .toMatchObject({ closeDelayMs: expect.any(Number) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(yourTrades.getByText(`Copied from ${traderName}`)).toBeVisible();
  // Closed with the provider (not by the copy stop-loss): the line starts "Closed".
  await expect(
    yourTrades.getByText(
      /^Closed .* after the provider, (at their price|[\d,.]+ (better|worse) than their price)$/,
    ),
  ).toBeVisible();
  await yourTrades.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/copy-marks-dashboard-closed-390.png', fullPage: true });

  // Most of the follower's cash goes into a trade of their own: the provider's next trade is skipped.
  await openTrade(page.request, '700');
  await openTrade(traderApi, '500');
  await expect
    .poll(async () => (await readPage(page.request, '/api/skipped-copies')).total, { timeout: 30_000 })
    .toBe(1);
  await page.goto('/copy-trader');
  const item = skipped.getByRole('listitem');
  await expect(item).toContainText(traderName);
  await expect(item).toContainText('BUY BTCUSD');
  await expect(item).toContainText(/The copy needs \$[\d,.]+ but your available balance is \$[\d,.]+\./);
  await skipped.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/copy-marks-skipped-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/copy-marks-skipped-1280.png', fullPage: true });
  await traderApi.dispose();
});
