import type { ProviderStatistics } from '@candor/contracts/copy-trading';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { ProviderStatisticsSection } from './provider-statistics.tsx';

afterEach(cleanup);

const STATISTICS: ProviderStatistics = {
  returnRate30d: null,
  returnRate90d: null,
  returnRateSinceStart: '0.05',
  maxDrawdown: '0.00',
  winRate: '0.00',
  profitFactor: '0.00',
  trades: 1,
  wins: 0,
  losses: 1,
  averageHoldingMs: 120_000,
  equity: '500.24',
  openPositions: [
    {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '200.00',
      lotSize: '1.00',
      openPrice: '113649.93',
      openedAt: '2026-03-04T12:00:00.000Z',
      currentResult: '0.28',
    },
  ],
  riskScore: { score: 5, yearlySwingPercent: '23.99', exposurePercent: '39.98', highestLotSize: '1.00' },
  riskScoreMethod: [],
  returnMethod: [],
  equityCurve: [{ at: '2026-03-04T12:00:00.000Z', equity: '500.24' }],
};

test('an open position shows its open price with thousands separators, as the trade lists do', () => {
  render(<ProviderStatisticsSection statistics={STATISTICS} />);
  const row = screen.getByRole('row', { name: /BTCUSD/ });
  expect(within(row).getByRole('cell', { name: '113,649.93' })).toBeTruthy();
  expect(within(row).getByRole('cell', { name: '$200.00' })).toBeTruthy();
});

test('on a phone an open position shows its symbol and result in columns, its terms under the symbol, so nothing scrolls sideways', () => {
  render(<ProviderStatisticsSection statistics={STATISTICS} />);
  const row = screen.getByRole('row', { name: /BTCUSD/ });
  const [symbol, ...rest] = within(row).getAllByRole('cell');
  expect(within(symbol as HTMLElement).getByTestId('position-terms-line').textContent).toBe(
    'BUY · $200.00 · Lot 1.00',
  );
  expect(within(symbol as HTMLElement).getByTestId('position-price-line').textContent).toBe(
    'Open 113,649.93',
  );
  // Direction, amount, lot and open price have columns only from sm (md for the open price); the
  // result's column always shows. No table wider than the card (no min-width, no sideways scroll).
  const shownFrom = rest.map((cell) =>
    cell.className.split(' ').find((name) => name.endsWith(':table-cell')),
  );
  expect(shownFrom).toEqual(['sm:table-cell', 'sm:table-cell', 'sm:table-cell', 'md:table-cell', undefined]);
  expect(row.closest('table')?.className).not.toMatch(/min-w-/);
  expect(row.closest('.overflow-x-auto')).toBeNull();
});
