import type { Candle, CandlesResponse } from '@candor/contracts/market';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeSeries } from '../../test/fake-lightweight-charts.ts';
import { mockApi, renderPages } from '../../test/render-page.tsx';
import { LazyPriceChart } from './lazy-price-chart.tsx';

vi.mock('lightweight-charts', () => import('../../test/fake-lightweight-charts.ts'));

const H14 = 1_772_632_800;
const candles: Candle[] = [
  { time: H14, open: '67000.00', high: '67100.00', low: '66900.00', close: '67050.00' },
];

/** What the test says of the observed element: in the window's view or not. */
let report: ((inView: boolean) => void) | undefined;
let disconnected = 0;
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    report = (inView) =>
      this.callback(
        [{ target, isIntersecting: inView } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  disconnect() {
    disconnected++;
  }
}

beforeEach(() => {
  report = undefined;
  disconnected = 0;
  fakeSeries.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const body: CandlesResponse = { symbol: 'BTCUSD', interval: '1h', source: 'simulated', candles };
  mockApi({ 'GET /api/instruments/BTCUSD/candles': { status: 200, body } });
});
afterEach(() => vi.unstubAllGlobals());

function Page() {
  return <LazyPriceChart symbol="BTCUSD" height={420} />;
}

test('the chart is made when its place first comes into view, and stays', async () => {
  renderPages([{ path: '/dashboard', component: Page }], '/dashboard');
  const placeholder = await screen.findByRole('status', { name: 'Loading chart' });
  expect(placeholder.style.height).toBe('420px');
  expect(report).toBeDefined();

  act(() => report?.(false));
  expect(screen.queryByTestId('price-chart')).toBeNull();
  expect(fakeSeries).toHaveLength(0);

  act(() => report?.(true));
  const chart = await screen.findByTestId('price-chart');
  await vi.waitFor(() => expect(chart.dataset.lastClose).toBe('67050.00'));
  expect(fakeSeries.at(-1)?.data.map((bar) => bar.close)).toEqual([67050]);
  expect(disconnected).toBeGreaterThan(0);
});

test('without an IntersectionObserver the chart is made at once', async () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  renderPages([{ path: '/dashboard', component: Page }], '/dashboard');
  const chart = await screen.findByTestId('price-chart');
  await vi.waitFor(() => expect(chart.dataset.lastClose).toBe('67050.00'));
});
