import type { Quote } from '@candor/contracts/market';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RateStrip } from './rate-strip.tsx';

function buildQuote(symbol: string, price: string, change24hPercent: string | null): Quote {
  return {
    symbol,
    price,
    time: '2026-03-04T14:05:00.000Z',
    source: 'simulated',
    stale: false,
    change24hPercent,
  };
}

const QUOTES = {
  BTCUSD: buildQuote('BTCUSD', '67234.12', '1.25'),
  EURUSD: buildQuote('EURUSD', '1.08432', '-0.80'),
  AAPL: buildQuote('AAPL', '231.40', '0.00'),
  TSLA: buildQuote('TSLA', '250.10', null),
};

afterEach(cleanup);

describe('RateStrip', () => {
  test.each([
    { symbol: 'BTCUSD', price: '67,234.12', change: '+1.25%', colour: 'text-emerald-700' },
    { symbol: 'EURUSD', price: '1.08432', change: '-0.80%', colour: 'text-red-600' },
    { symbol: 'AAPL', price: '231.40', change: '0.00%', colour: 'text-slate-500' },
    { symbol: 'TSLA', price: '250.10', change: '—', colour: 'text-slate-500' },
  ])('$symbol shows $price and $change in $colour', ({ symbol, price, change, colour }) => {
    render(<RateStrip symbols={Object.keys(QUOTES)} quotes={QUOTES} />);
    const tile = screen.getByTestId(`rate-${symbol}`);
    expect(within(tile).getByText(price)).toBeTruthy();
    expect(within(tile).getByText(change).className).toContain(colour);
  });

  test('an instrument without a quote yet shows a placeholder, not a price', () => {
    render(<RateStrip symbols={['ETHUSD']} quotes={QUOTES} />);
    expect(screen.getByTestId('rate-ETHUSD').textContent).toBe('ETHUSD');
  });

  test('choosing an instrument reports it and marks the charted one', async () => {
    const onSelect = vi.fn();
    render(
      <RateStrip symbols={['BTCUSD', 'EURUSD']} quotes={QUOTES} selected="BTCUSD" onSelect={onSelect} />,
    );
    expect(screen.getByTestId('rate-BTCUSD').getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(screen.getByTestId('rate-EURUSD'));
    expect(onSelect).toHaveBeenCalledWith('EURUSD');
  });
});
