import type { Candle, CandlesResponse } from '@candor/contracts/market';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeSeries } from '../../test/fake-lightweight-charts.ts';
import { mockApi, renderPages } from '../../test/render-page.tsx';
import { PriceChart } from './price-chart.tsx';

vi.mock('lightweight-charts', () => import('../../test/fake-lightweight-charts.ts'));

const H14 = 1_772_632_800;
const candle = (time: number, close: string): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
});

function reply(symbol: string, candles: Candle[]): { status: number; body: CandlesResponse } {
  return { status: 200, body: { symbol, interval: '1h', source: 'simulated', candles } };
}

let show: (symbol: string) => void = () => undefined;
function Switchable() {
  const [symbol, setSymbol] = useState('BTCUSD');
  show = setSymbol;
  return <PriceChart symbol={symbol} />;
}

beforeEach(() => {
  fakeSeries.length = 0;
});

describe('PriceChart', () => {
  test('going back to a cached symbol redraws all of its candles, not only the last one', async () => {
    mockApi({
      'GET /api/instruments': {
        status: 200,
        body: {
          items: [
            { symbol: 'BTCUSD', class: 'crypto', name: 'Bitcoin / US Dollar', pricePrecision: 2 },
            { symbol: 'EURUSD', class: 'forex', name: 'Euro / US Dollar', pricePrecision: 5 },
          ],
        },
      },
      'GET /api/instruments/BTCUSD/candles': reply('BTCUSD', [
        candle(H14 - 3600, '67000.00'),
        candle(H14, '67100.00'),
      ]),
      'GET /api/instruments/EURUSD/candles': reply('EURUSD', [
        candle(H14 - 3600, '1.08400'),
        candle(H14, '1.08432'),
      ]),
    });
    renderPages([{ path: '/dashboard', component: Switchable }], '/dashboard');
    const chart = await screen.findByTestId('price-chart');
    await waitFor(() => expect(chart.dataset.lastClose).toBe('67100.00'));

    show('EURUSD');
    await waitFor(() => expect(chart.dataset.lastClose).toBe('1.08432'));
    expect(fakeSeries.at(-1)?.options).toContainEqual({
      priceFormat: { type: 'price', precision: 5, minMove: 0.00001 },
    });

    show('BTCUSD');
    await waitFor(() => expect(chart.dataset.symbol).toBe('BTCUSD'));
    // The attribute changes with the render; the series is drawn by the effect that follows it.
    await waitFor(() => expect(chart.dataset.lastClose).toBe('67100.00'));
    expect(fakeSeries.at(-1)?.data.map((bar) => bar.close)).toEqual([67000, 67100]);
    expect(chart.dataset.candleCount).toBe('2');
  });

  test('says so when the candles cannot be loaded', async () => {
    mockApi({});
    renderPages([{ path: '/dashboard', component: () => <PriceChart symbol="BTCUSD" /> }], '/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain('The chart could not be loaded.');
    expect(screen.getByTestId('price-chart').dataset.candleCount).toBe('0');
  });
});
