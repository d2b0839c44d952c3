import { expect, test } from './fixtures/test.ts';

test('the dashboard charts BTCUSD from our candles, moves live, rates the signal and changes symbol', async ({
  page,
  signedInClient,
}) => {
  expect(signedInClient.email).toBeTruthy();
  await page.goto('/dashboard');

  // The chart's series holds candles (not just a canvas), BTC/USD by default.
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-symbol', 'BTCUSD');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candle-count')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(300);
  await expect(page.getByText('Simulated prices').first()).toBeVisible();

  // The live price moves: a new tick arrives every second from the stream.
  const livePrice = page.getByTestId('live-price');
  await expect(livePrice).toContainText(/\d/);
  const first = await livePrice.textContent();
  await expect.poll(() => livePrice.textContent(), { timeout: 15_000 }).not.toBe(first);
  await expect(chart).toHaveAttribute('data-last-close', /^\d+(\.\d+)?$/);

  // The signal bar shows a computed rating for the charted instrument.
  const signal = page.getByRole('meter', {
    name: /^Signal Strength · BTCUSD · \d{1,3}% · (Strong sell|Sell|Neutral|Buy|Strong buy)$/,
  });
  await expect(signal).toBeVisible();
  const rating = Number(await signal.getAttribute('aria-valuenow'));
  expect(rating).toBeGreaterThanOrEqual(0);
  expect(rating).toBeLessThanOrEqual(100);

  // Another symbol from the catalogue: the chart, the price and the signal follow it.
  await page.getByLabel('Symbol').selectOption('EURUSD');
  await expect(chart).toHaveAttribute('data-symbol', 'EURUSD');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candle-count')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(300);
  await expect(chart).toHaveAttribute('data-last-close', /^1\.\d{5}$/);
  await expect(page.getByRole('meter', { name: /^Signal Strength · EURUSD · / })).toBeVisible();
});

test('on a phone, the dashboard makes its chart when a scroll brings it into view', async ({
  page,
  signedInClient,
}) => {
  expect(signedInClient.email).toBeTruthy();
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByTestId('live-price')).toContainText(/\d/);

  // Below the first screen, a placeholder of the chart's height holds its place: nothing moves.
  const placeholder = page.getByRole('status', { name: 'Loading chart' });
  await expect(placeholder).toBeAttached();
  await expect(placeholder).not.toBeInViewport();
  await expect(page.getByTestId('price-chart')).toHaveCount(0);

  await placeholder.scrollIntoViewIfNeeded();
  const chart = page.getByTestId('price-chart');
  await expect(chart).toBeInViewport();
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candle-count')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(300);
});
