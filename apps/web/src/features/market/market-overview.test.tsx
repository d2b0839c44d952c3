import type { Candle, Quote } from '@candor/contracts/market';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeEventSource, latestEventSource } from '../../test/fake-event-source.ts';
import { fakeSeries } from '../../test/fake-lightweight-charts.ts';
import { mockApi, renderPages } from '../../test/render-page.tsx';
import { MarketOverview } from './market-overview.tsx';

vi.mock('lightweight-charts', () => import('../../test/fake-lightweight-charts.ts'));

const H14 = 1_772_632_800; // 2026-03-04 14:00 UTC
const btcCandles: Candle[] = [
  { time: H14 - 7200, open: '67000.00', high: '67300.00', low: '66900.00', close: '67100.00' },
  { time: H14 - 3600, open: '67100.00', high: '67400.00', low: '67050.00', close: '67200.00' },
  { time: H14, open: '67200.00', high: '67260.00', low: '67150.00', close: '67234.12' },
];
const eurCandles: Candle[] = [
  { time: H14 - 3600, open: '1.08400', high: '1.08500', low: '1.08300', close: '1.08420' },
  { time: H14, open: '1.08420', high: '1.08450', low: '1.08410', close: '1.08432' },
];

function buildQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    symbol: 'BTCUSD',
    price: '67234.12',
    time: new Date((H14 + 600) * 1000).toISOString(),
    source: 'simulated',
    stale: false,
    change24hPercent: '1.25',
    ...overrides,
  };
}

beforeEach(() => {
  installFakeEventSource();
  fakeSeries.length = 0;
  mockApi({
    'GET /api/instruments': {
      status: 200,
      body: {
        items: [
          { symbol: 'EURUSD', class: 'forex', name: 'Euro / US Dollar', pricePrecision: 5 },
          { symbol: 'BTCUSD', class: 'crypto', name: 'Bitcoin / US Dollar', pricePrecision: 2 },
          { symbol: 'AAPL', class: 'stock', name: 'Apple Inc.', pricePrecision: 2 },
        ],
      },
    },
    'GET /api/instruments/BTCUSD/candles': {
      status: 200,
      body: { symbol: 'BTCUSD', interval: '1h', source: 'simulated', candles: btcCandles },
    },
    'GET /api/instruments/EURUSD/candles': {
      status: 200,
      body: { symbol: 'EURUSD', interval: '1h', source: 'simulated', candles: eurCandles },
    },
    'GET /api/quotes/BTCUSD': { status: 200, body: buildQuote() },
    'GET /api/quotes/EURUSD': { status: 200, body: buildQuote({ symbol: 'EURUSD', price: '1.08432' }) },
    'GET /api/signals/BTCUSD': {
      status: 200,
      body: { symbol: 'BTCUSD', rating: 72, direction: 'buy', interval: '1h', asOf: H14 },
    },
    'GET /api/signals/EURUSD': {
      status: 200,
      body: { symbol: 'EURUSD', rating: 30, direction: 'sell', interval: '1h', asOf: H14 },
    },
  });
});

function renderOverview() {
  return renderPages([{ path: '/dashboard', component: MarketOverview }], '/dashboard');
}

describe('MarketOverview', () => {
  test('charts BTCUSD hourly by default, with its price, signal and the simulated-prices notice', async () => {
    renderOverview();
    const chart = await screen.findByTestId('price-chart');
    expect(chart.dataset.symbol).toBe('BTCUSD');
    await waitFor(() => expect(chart.dataset.candleCount).toBe('3'));
    expect(chart.dataset.lastClose).toBe('67234.12');
    expect(within(chart).getByText('BTCUSD · 1H · UTC')).toBeTruthy();
    expect(screen.getByLabelText('Symbol')).toHaveProperty('value', 'BTCUSD');
    expect(await screen.findByText('Simulated prices')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('67,234.12'));
    expect((await screen.findByRole('meter')).getAttribute('aria-valuenow')).toBe('72');
    expect(latestEventSource().url).toBe(
      '/api/prices/stream?symbols=AAPL%2CBTCUSD%2CETHUSD%2CEURUSD%2CGBPUSD%2CTSLA',
    );
  });

  test('live quotes move the price and the last candle, and a new hour adds a candle', async () => {
    renderOverview();
    const chart = await screen.findByTestId('price-chart');
    await waitFor(() => expect(chart.dataset.candleCount).toBe('3'));

    act(() => {
      latestEventSource().open();
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ price: '67300.50' })));
    });
    expect(screen.getByTestId('live-price').textContent).toBe('67,300.50');
    await waitFor(() => expect(chart.dataset.lastClose).toBe('67300.50'));
    expect(chart.dataset.candleCount).toBe('3');
    expect(fakeSeries.at(-1)?.updates.at(-1)).toMatchObject({ time: H14, close: 67300.5 });

    act(() => {
      latestEventSource().emit(
        'quote',
        JSON.stringify(buildQuote({ price: '67310.00', time: new Date((H14 + 3605) * 1000).toISOString() })),
      );
    });
    await waitFor(() => expect(chart.dataset.candleCount).toBe('4'));
    expect(chart.dataset.lastClose).toBe('67310.00');
    expect(screen.getByTestId('rate-BTCUSD').textContent).toContain('67,310.00');
  });

  test('another symbol from the catalogue replaces the chart and the signal', async () => {
    renderOverview();
    const chart = await screen.findByTestId('price-chart');
    await waitFor(() => expect(chart.dataset.candleCount).toBe('3'));
    const select = screen.getByLabelText('Symbol');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'EURUSD — Euro / US Dollar' })).toBeTruthy(),
    );
    expect(
      within(select)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Crypto', 'Forex', 'Stocks']);

    await userEvent.setup().selectOptions(select, 'EURUSD');
    await waitFor(() => expect(chart.dataset.symbol).toBe('EURUSD'));
    await waitFor(() => expect(chart.dataset.candleCount).toBe('2'));
    expect(chart.dataset.lastClose).toBe('1.08432');
    await waitFor(() => expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('30'));
    expect(screen.getByText('Euro / US Dollar')).toBeTruthy();
  });
});
