import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type ClosedTradeOutcome,
  computeAverageHoldingMs,
  computeProfitFactor,
  computeTradeStatistics,
  computeWinRate,
  formatHoldingTime,
} from './trade-statistics.ts';

const START = Date.parse('2026-11-01T00:00:00.000Z');
const HOUR = 60 * 60 * 1000;
/** A trade held `hours` hours with a result in dollars. */
function trade(dollars: number, hours = 1): ClosedTradeOutcome {
  return {
    openedAt: new Date(START),
    closedAt: new Date(START + hours * HOUR),
    resultCents: BigInt(Math.round(dollars * 100)),
  };
}

describe('computeWinRate: closed trades with a result above zero ÷ closed trades', () => {
  test.each([
    { name: 'five wins of eight trades: 62.50 %', trades: [1, 2, 3, 4, 5, -1, -2, -3], expected: '62.50' },
    {
      name: 'a trade closed at exactly zero is not a win: one of two, 50.00 %',
      trades: [5, 0],
      expected: '50.00',
    },
    { name: 'all wins: 100.00 %', trades: [1, 2], expected: '100.00' },
    { name: 'no wins: 0.00 %', trades: [-1, 0], expected: '0.00' },
    { name: 'rounded halves away from zero: two of three, 66.67 %', trades: [1, 1, -1], expected: '66.67' },
    { name: 'one of three is 33.33 %', trades: [1, -1, -1], expected: '33.33' },
    { name: 'no closed trades: null', trades: [], expected: null },
  ])('$name', ({ trades, expected }) => {
    expect(computeWinRate(trades.map((d) => trade(d)))).toBe(expected);
  });
});

describe('computeProfitFactor: sum of wins ÷ |sum of losses|', () => {
  test.each([
    { name: '$300 won, $200 lost: 1.50', trades: [100, 200, -150, -50], expected: '1.50' },
    { name: 'losses larger than wins: below 1 ($50 ÷ $200 = 0.25)', trades: [50, -200], expected: '0.25' },
    { name: 'only losses: 0.00', trades: [-10, -20], expected: '0.00' },
    { name: 'rounded halves away from zero: $2 ÷ $3 = 0.67', trades: [2, -3], expected: '0.67' },
    { name: 'results of zero change nothing', trades: [30, 0, -10], expected: '3.00' },
    {
      name: 'no losing trades: null (shown as "—", "No losing trades yet")',
      trades: [10, 0],
      expected: null,
    },
    { name: 'no trades: null', trades: [], expected: null },
  ])('$name', ({ trades, expected }) => {
    expect(computeProfitFactor(trades.map((d) => trade(d)))).toBe(expected);
  });
});

describe('computeAverageHoldingMs and formatHoldingTime', () => {
  test('the mean of the holding times: 1 h and 4 h average 2 h 30 min', () => {
    const average = computeAverageHoldingMs([trade(1, 1), trade(-1, 4)]);
    expect(average).toBe(2.5 * HOUR);
    expect(formatHoldingTime(average ?? 0)).toBe('2 h 30 min');
  });

  test('a part of a millisecond is dropped (rounded down)', () => {
    const t = (ms: number) => ({
      openedAt: new Date(START),
      closedAt: new Date(START + ms),
      resultCents: 0n,
    });
    expect(computeAverageHoldingMs([t(1), t(2), t(2)])).toBe(1);
  });

  test('no closed trades: null', () => {
    expect(computeAverageHoldingMs([])).toBeNull();
  });

  test('a trade closed before it opened is a bug', () => {
    expect(() => computeAverageHoldingMs([trade(1, -1)])).toThrow();
  });

  test.each([
    { ms: 59_999, text: 'under 1 min' },
    { ms: 60_000, text: '1 min' },
    { ms: 45 * 60_000 + 59_000, text: '45 min' },
    { ms: 3 * HOUR, text: '3 h' },
    { ms: 5 * HOUR + 12 * 60_000, text: '5 h 12 min' },
    { ms: 24 * HOUR, text: '1 d' },
    { ms: 51 * HOUR + 30 * 60_000, text: '2 d 3 h' },
  ])('$ms ms reads "$text"', ({ ms, text }) => {
    expect(formatHoldingTime(ms)).toBe(text);
  });
});

describe('computeTradeStatistics', () => {
  test('counts the trades, wins and losses and gathers the figures', () => {
    expect(computeTradeStatistics([trade(100, 1), trade(-50, 3), trade(0, 2)])).toEqual({
      trades: 3,
      wins: 1,
      losses: 1,
      winRatePercent: '33.33',
      profitFactor: '2.00',
      averageHoldingMs: 2 * HOUR,
    });
  });

  test('no trades: zero counts and null figures', () => {
    expect(computeTradeStatistics([])).toEqual({
      trades: 0,
      wins: 0,
      losses: 0,
      winRatePercent: null,
      profitFactor: null,
      averageHoldingMs: null,
    });
  });

  test('over random trades: the win rate is between 0 and 100, the profit factor is never negative, the order of trades does not matter', () => {
    const outcome = fc.record({
      resultCents: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
      heldMs: fc.integer({ min: 0, max: 90 * 24 * HOUR }),
    });
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 40 }), (items) => {
        const trades = items.map((i) => ({
          openedAt: new Date(START),
          closedAt: new Date(START + i.heldMs),
          resultCents: i.resultCents,
        }));
        const stats = computeTradeStatistics(trades);
        expect(stats.wins + stats.losses).toBeLessThanOrEqual(stats.trades);
        if (stats.winRatePercent !== null) {
          expect(Number(stats.winRatePercent)).toBeGreaterThanOrEqual(0);
          expect(Number(stats.winRatePercent)).toBeLessThanOrEqual(100);
        }
        if (stats.profitFactor !== null) expect(Number(stats.profitFactor)).toBeGreaterThanOrEqual(0);
        expect(stats.profitFactor === null).toBe(stats.losses === 0);
        expect(computeTradeStatistics([...trades].reverse())).toEqual(stats);
      }),
    );
  });
});
