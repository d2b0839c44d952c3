import type { ProviderStatistics } from '@candor/contracts/copy-trading';
import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ProviderStatisticsSection } from './provider-statistics.tsx';

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
