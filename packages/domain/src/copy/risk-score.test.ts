import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { INSTRUMENTS } from '../market/instruments.ts';
import {
  computeRiskScore,
  MAX_RISK_SCORE,
  MIN_RISK_SCORE,
  RISK_SCORE_BANDS,
  RISK_SCORE_LEVERAGE_STEPS,
  RISK_SCORE_METHOD,
  type RiskPosition,
} from './risk-score.ts';

const $ = (dollars: number) => BigInt(Math.round(dollars * 100));
/** A position of `dollars` margin at lot size `lot`. */
const position = (symbol: string, dollars: number, lot: number): RiskPosition => ({
  symbol,
  amountCents: $(dollars),
  lotHundredths: Math.round(lot * 100),
});
const score = (equity: number, positions: RiskPosition[]) =>
  computeRiskScore({ equityCents: $(equity), positions }).score;

describe('computeRiskScore: yearly swing = Σ(exposure × annual volatility) ÷ equity, banded, plus leverage', () => {
  test('no open positions: 1', () => {
    expect(computeRiskScore({ equityCents: $(10_000), positions: [] })).toEqual({
      score: 1,
      yearlySwingPercent: '0.00',
      exposurePercent: '0.00',
      averageVolatilityPercent: null,
      highestLotSize: null,
    });
  });

  test.each([
    {
      name: 'EURUSD (8 %) at lot 10 for all the equity: swing 8 %, 4',
      positions: [position('EURUSD', 1_000, 10)],
      expected: 4,
    },
    {
      name: 'a stock (AAPL, 28 %) bought for all the equity: 5',
      positions: [position('AAPL', 10_000, 1)],
      expected: 5,
    },
    {
      name: 'BTCUSD (60 %) bought for all the equity: 7',
      positions: [position('BTCUSD', 10_000, 1)],
      expected: 7,
    },
    {
      name: 'BTCUSD at lot 5 for all the equity: swing 300 %, 10',
      positions: [position('BTCUSD', 10_000, 5)],
      expected: 10,
    },
    {
      name: 'a small EURUSD position (swing 0.08 %): 1',
      positions: [position('EURUSD', 100, 1)],
      expected: 1,
    },
    {
      name: 'exactly at a band’s bound scores the next band: swing 1.00 % is 2',
      positions: [position('EURUSD', 1_250, 1)],
      expected: 2,
    },
    {
      name: 'one cent below the bound stays: swing 0.99 % is 1',
      positions: [position('EURUSD', 1_249.99, 1)],
      expected: 1,
    },
    { name: 'a lot size of exactly 20 adds nothing', positions: [position('EURUSD', 5, 20)], expected: 1 },
    { name: 'a lot size above 20 adds one point', positions: [position('EURUSD', 5, 20.01)], expected: 2 },
    {
      name: 'a lot size above 100 adds two points, even on a small position',
      positions: [position('EURUSD', 1, 100.01)],
      expected: 3,
    },
    { name: 'the score never goes above 10', positions: [position('BTCUSD', 5_000, 200)], expected: 10 },
  ])('$name', ({ positions, expected }) => {
    expect(score(10_000, positions)).toBe(expected);
  });

  test('several positions add up: EURUSD $10,000 exposure (8 %) and BTCUSD $5,000 (60 %) on $10,000 swing 38 %: 6', () => {
    expect(
      computeRiskScore({
        equityCents: $(10_000),
        positions: [position('EURUSD', 1_000, 10), position('BTCUSD', 5_000, 1)],
      }),
    ).toEqual({
      score: 6,
      yearlySwingPercent: '38.00',
      exposurePercent: '150.00',
      averageVolatilityPercent: '25.33',
      highestLotSize: '10.00',
    });
  });

  test('open positions on no equity: 10; no positions on no equity: 1', () => {
    expect(score(0, [position('EURUSD', 1, 1)])).toBe(10);
    expect(score(0, [])).toBe(1);
  });

  test('an unknown instrument or an empty position is a bug', () => {
    expect(() => score(100, [position('NOPE', 1, 1)])).toThrow();
    expect(() => score(100, [position('EURUSD', 0, 1)])).toThrow();
    expect(() => score(100, [position('EURUSD', 1, 0)])).toThrow();
  });

  test('the published method states the same bands and leverage steps as the code', () => {
    const words = RISK_SCORE_BANDS.map(
      (b, i) =>
        `${i === 0 ? 'a yearly swing below' : 'below'} ${b.belowBps / 100} %${i === 0 ? ' scores' : ','} ${b.score}`,
    );
    const step4 = `Step 4, the score: ${words.join('; ')}; ${RISK_SCORE_BANDS.at(-1)!.belowBps / 100} % or more, ${MAX_RISK_SCORE}.`;
    expect(RISK_SCORE_METHOD).toContain(step4);
    const [one, two] = RISK_SCORE_LEVERAGE_STEPS;
    const step5 = RISK_SCORE_METHOD.find((line) => line.startsWith('Step 5'));
    expect([one.points, two.points]).toEqual([1, 2]);
    expect(step5).toContain(
      `one point is added when any open position uses a lot size above ${one.aboveLotHundredths / 100} `,
    );
    expect(step5).toContain(`two points when one uses a lot size above ${two.aboveLotHundredths / 100} `);
  });
});

describe('the published volatility ranges', () => {
  test.each([
    { instrumentClass: 'forex', words: 'about 6–10 % for currency pairs' },
    { instrumentClass: 'stock', words: '25–40 % for stocks' },
    { instrumentClass: 'crypto', words: '60–90 % for crypto' },
  ])('$instrumentClass: "$words" matches the catalogue', ({ instrumentClass, words }) => {
    const volatilities = INSTRUMENTS.filter((i) => i.class === instrumentClass).map(
      (i) => i.annualVolatility,
    );
    const range = `${Math.round(Math.min(...volatilities) * 100)}–${Math.round(Math.max(...volatilities) * 100)} %`;
    expect(words).toContain(range);
    expect(RISK_SCORE_METHOD.find((line) => line.startsWith('Step 2'))).toContain(words);
  });
});

describe('computeRiskScore, over random accounts', () => {
  const symbols = INSTRUMENTS.map((i) => i.symbol);
  const pos = fc.record({
    symbol: fc.constantFrom(...symbols),
    amountCents: fc.bigInt({ min: 1n, max: 10_000_000n }),
    lotHundredths: fc.integer({ min: 1, max: 100_000 }),
  });
  const account = fc.record({
    equityCents: fc.bigInt({ min: 1n, max: 100_000_000n }),
    positions: fc.array(pos, { maxLength: 8 }),
  });

  test(`the score is a whole number from ${MIN_RISK_SCORE} to ${MAX_RISK_SCORE}`, () => {
    fc.assert(
      fc.property(account, (a) => {
        const { score: s } = computeRiskScore(a);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(MIN_RISK_SCORE);
        expect(s).toBeLessThanOrEqual(MAX_RISK_SCORE);
      }),
    );
  });

  test('more exposure never lowers the score: another position, a larger amount or a larger lot size', () => {
    fc.assert(
      fc.property(
        account,
        pos,
        fc.nat(7),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.nat(1_000),
        (a, extra, index, more, moreLot) => {
          const before = computeRiskScore(a).score;
          expect(computeRiskScore({ ...a, positions: [...a.positions, extra] }).score).toBeGreaterThanOrEqual(
            before,
          );
          const target = a.positions[index % Math.max(1, a.positions.length)];
          if (!target) return;
          const bigger = a.positions.map((p) =>
            p === target
              ? { ...p, amountCents: p.amountCents + more, lotHundredths: p.lotHundredths + moreLot }
              : p,
          );
          expect(computeRiskScore({ ...a, positions: bigger }).score).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  test('less equity never lowers the score', () => {
    fc.assert(
      fc.property(account, fc.bigInt({ min: 0n, max: 100_000_000n }), (a, less) => {
        const lower = a.equityCents - less;
        expect(computeRiskScore({ ...a, equityCents: lower }).score).toBeGreaterThanOrEqual(
          computeRiskScore(a).score,
        );
      }),
    );
  });

  test('a more volatile instrument never lowers the score', () => {
    const byVolatility = [...INSTRUMENTS].sort((x, y) => x.annualVolatility - y.annualVolatility);
    fc.assert(
      fc.property(account, fc.nat(byVolatility.length - 1), fc.nat(byVolatility.length - 1), (a, i, j) => {
        const [calm, wild] = [byVolatility[Math.min(i, j)]!, byVolatility[Math.max(i, j)]!];
        const swap = (symbol: string) => a.positions.map((p, k) => (k === 0 ? { ...p, symbol } : p));
        expect(computeRiskScore({ ...a, positions: swap(wild.symbol) }).score).toBeGreaterThanOrEqual(
          computeRiskScore({ ...a, positions: swap(calm.symbol) }).score,
        );
      }),
    );
  });
});
