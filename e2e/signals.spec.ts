import { expect, test } from './fixtures/test.ts';

/*
 * /signal without a signal plan: the charted instrument's computed signal strength, and the signals
 * list locked, pointing at the plans. (Buying the Basic plan and seeing the list is added once the
 * purchase route is merged: issue 13's browser test.)
 */
test('without a signal plan, /signal rates the chosen instrument and shows what a plan unlocks', async ({
  page,
  signedInClient,
}) => {
  expect(signedInClient.email).toBeTruthy();
  // The page asks only for what a customer without a plan may have: no refused request, no console error.
  const refused: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/signal');
  await expect(page.getByRole('heading', { name: 'Signal', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signal Strength', exact: true, level: 2 })).toBeVisible();

  // The signal strength of any instrument, for every customer.
  await expect(page.getByRole('meter', { name: /^Signal Strength · BTCUSD · \d{1,3}% · / })).toBeVisible();
  await page.getByLabel('Symbol').selectOption('EURUSD');
  await expect(page.getByRole('meter', { name: /^Signal Strength · EURUSD · / })).toBeVisible();

  // The list is locked: what a plan unlocks, and where the plans are.
  const list = page.getByRole('region', { name: 'Signals list' });
  await expect(list.getByText('A signal plan unlocks computed ratings for more instruments')).toBeVisible();
  await expect(list.getByRole('link', { name: 'See the signal plans' })).toHaveAttribute(
    'href',
    '#signal-plans',
  );
  await expect(list.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(/guarantee|profit/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Signal plans' })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/signals-locked-1440.png', fullPage: true });
  expect(refused).toEqual([]);
  expect(consoleErrors).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByRole('link', { name: 'See the signal plans' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/signals-locked-390.png', fullPage: true });
});

test('a link to /trades?symbol= opens that instrument', async ({ page, signedInClient }) => {
  expect(signedInClient.email).toBeTruthy();
  await page.goto('/trades?symbol=ETHUSD');
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-symbol', 'ETHUSD');
  await expect(page.getByRole('tab', { name: 'Crypto', selected: true })).toBeVisible();
});
