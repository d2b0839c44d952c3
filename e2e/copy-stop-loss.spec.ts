import { asAdmin, creditCustomer } from './fixtures/admin.ts';
import { expectOk, signInThroughApi } from './fixtures/api.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { buildUser, signUpThroughApi } from './fixtures/users.ts';

const OPEN_POSITION_CHOICE =
  "Also copy their open position. It opens at today's market price, not the provider's.";

test("a follower sets a copy stop-loss (at most their equity) and copies the provider's open position at today's price", async ({
  page,
  browser,
  signedInClient,
}) => {
  test.setTimeout(120_000);
  const { baseURL } = readE2eEnv();
  const headers = { origin: baseURL };
  const traderName = `Stop ${signedInClient.username.slice(-5)}`;
  const follower = buildUser();
  const { id: followerId } = await signUpThroughApi(follower);
  await asAdmin(browser, async (admin) => {
    const upload = await admin.request.post('/api/admin/strategy-providers/images', {
      headers,
      multipart: {
        file: { name: 'trader.png', mimeType: 'image/png', buffer: makePng(64, 64, [190, 24, 93]) },
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
        minimumBalance: '100',
        profitShare: '20',
      },
    });
    await expectOk(created, 'add the trader');
    await creditCustomer(admin, signedInClient.id, '1000');
    await creditCustomer(admin, followerId, '1000');
  });
  await expectOk(await page.request.post('/api/strategy-providers/invitation/accept', { headers }), 'accept');
  // The provider holds one position open before the follower starts.
  await expectOk(
    await page.request.post('/api/trades', {
      headers,
      data: { symbol: 'BTCUSD', direction: 'buy', amount: '100', lotSize: '1' },
    }),
    'open a trade',
  );

  const context = await browser.newContext({ baseURL });
  try {
    const me = await context.newPage();
    await signInThroughApi(me.request, follower);
    await me.setViewportSize({ width: 1280, height: 900 });
    await me.goto('/copy-trader');
    const card = me
      .getByRole('list', { name: 'Traders' })
      .getByRole('listitem')
      .filter({ hasText: traderName });
    await card.getByRole('button', { name: 'Copy' }).click();
    const dialog = me.getByRole('dialog', { name: `Copy ${traderName}` });
    await expect(dialog).toContainText('At most your equity, $1,000.00.');
    const stopLoss = dialog.getByLabel('Copy stop-loss (optional)');
    // What is not an amount reads the amount messages under the field, on a phone too, and throws nothing.
    const pageErrors: string[] = [];
    me.on('pageerror', (error) => pageErrors.push(error.message));
    await me.setViewportSize({ width: 390, height: 844 });
    await stopLoss.fill('abc');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Enter an amount such as 100.00')).toBeVisible();
    await stopLoss.fill('-5');
    await expect(dialog.getByText('The amount must be greater than zero')).toBeVisible();
    await stopLoss.fill('1.234');
    await expect(dialog.getByText('Amounts have at most 2 decimals')).toBeVisible();
    await me.screenshot({ path: '/tmp/hcu-copy-refusal-390.png' });
    expect(pageErrors).toEqual([]);
    await me.setViewportSize({ width: 1280, height: 900 });
    await stopLoss.fill('1000.01');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(
      dialog.getByText('The copy stop-loss cannot be more than your equity ($1,000.00).'),
    ).toBeVisible();
    await stopLoss.fill('40');
    const choice = dialog.getByLabel(OPEN_POSITION_CHOICE);
    await expect(choice).not.toBeChecked();
    await choice.check();
    await me.screenshot({ path: '/tmp/copy-stop-dialog-1280.png', fullPage: true });
    await me.setViewportSize({ width: 390, height: 844 });
    await me.screenshot({ path: '/tmp/copy-stop-dialog-390.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(me, 'Trader copied successfully')).toBeVisible();

    // The copy job opens the provider's position for the follower; their copy shows its stop-loss.
    const copies = me.getByRole('list', { name: 'Your copies' });
    await expect(async () => {
      await me.reload();
      await expect(copies.getByRole('listitem').filter({ hasText: traderName })).toContainText(
        'Open copies1',
        {
          timeout: 1_000,
        },
      );
    }).toPass({ timeout: 20_000 });
    const relation = copies.getByRole('listitem').filter({ hasText: traderName });
    await expect(relation).toContainText('Copying');
    await expect(relation).toContainText('Copy stop-loss$40.00');
    await expect(relation).toContainText('Result since start');
    await relation.scrollIntoViewIfNeeded();
    await me.screenshot({ path: '/tmp/copy-stop-relation-390.png', fullPage: true });
    await me.setViewportSize({ width: 1280, height: 900 });
    await me.screenshot({ path: '/tmp/copy-stop-relation-1280.png', fullPage: true });
  } finally {
    await context.close();
  }
});
