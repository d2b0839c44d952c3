import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareDecimal } from '../market/candles.ts';
import { findInstrument } from '../market/instruments.ts';
import { requireDecimal } from '../money/decimal.ts';
import {
  applySpread,
  closingPrice,
  computeSpreadCost,
  openingPrice,
  quoteWithTerms,
  type Spread,
  spreadFor,
  stopOutMidPrice,
} from './spread.ts';
import { computeStopOutPrice } from './stop-out-price.ts';
import { computeTradeResult, isStopOut } from './trade-result.ts';

function instrument(symbol: string) {
  const spec = findInstrument(symbol);
  if (!spec) throw new Error(`unknown ${symbol}`);
  return spec;
}

const TERMS = { forexSpreadPips: '1.2', otherSpreadPercent: '0.12' };

/** a − b as an exact decimal string comparison helper: units at a common scale. */
function difference(a: string, b: string): { units: bigint; scale: number } {
  const x = requireDecimal(a);
  const y = requireDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return {
    units: x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale),
    scale,
  };
}

describe('applySpread', () => {
  const table: [string, string, Spread, string, string, string][] = [
    // name, symbol, spread, mid, bid, ask
    [
      'EURUSD 5 decimals, 1.2 pips',
      'EURUSD',
      { unit: 'pips', value: '1.2' },
      '1.08432',
      '1.08426',
      '1.08438',
    ],
    [
      'EURUSD 1.5 pips: half is exact at 6 decimals',
      'EURUSD',
      { unit: 'pips', value: '1.5' },
      '1.08432',
      '1.084245',
      '1.084395',
    ],
    ['EURUSD 2.0 pips', 'EURUSD', { unit: 'pips', value: '2.0' }, '1.08432', '1.08422', '1.08442'],
    [
      'USDJPY 3 decimals: a pip is 0.01',
      'USDJPY',
      { unit: 'pips', value: '1.2' },
      '151.200',
      '151.194',
      '151.206',
    ],
    [
      'USDJPY 0.5 pips: 4 decimals',
      'USDJPY',
      { unit: 'pips', value: '0.5' },
      '151.200',
      '151.1975',
      '151.2025',
    ],
    ['zero pips: bid = ask = mid', 'EURUSD', { unit: 'pips', value: '0' }, '1.08432', '1.08432', '1.08432'],
    // 108500 × 0.12 / 200 = 65.10
    ['BTCUSD 0.12 %', 'BTCUSD', { unit: 'percent', value: '0.12' }, '108500.00', '108434.90', '108565.10'],
    // 108500.37 × 0.0006 = 65.100222 → 65.10
    [
      'BTCUSD rounds half away from zero to cents',
      'BTCUSD',
      { unit: 'percent', value: '0.12' },
      '108500.37',
      '108435.27',
      '108565.47',
    ],
    // 0.00001020 × 0.0006 = 0.00000000612 → 0.6 tick → 1 tick
    [
      'SHIB 8 decimals: at least one tick',
      'SHIBUSD',
      { unit: 'percent', value: '0.12' },
      '0.00001020',
      '0.00001019',
      '0.00001021',
    ],
    // 0.00001020 × 0.01 = 1.02e-7 → 10.2 ticks → 10
    ['SHIB 2 %', 'SHIBUSD', { unit: 'percent', value: '2' }, '0.00001020', '0.00001010', '0.00001030'],
    [
      'SHIB at one tick: the bid stays at the smallest positive price',
      'SHIBUSD',
      { unit: 'percent', value: '0.12' },
      '0.00000001',
      '0.00000001',
      '0.00000002',
    ],
    // 270.00 × 0.0006 = 0.162 → 0.16
    ['AAPL stock 0.12 %', 'AAPL', { unit: 'percent', value: '0.12' }, '270.00', '269.84', '270.16'],
    // 270.25 × 0.0010 = 0.27025 → 0.27
    ['AAPL 0.20 %', 'AAPL', { unit: 'percent', value: '0.20' }, '270.25', '269.98', '270.52'],
    ['zero percent', 'AAPL', { unit: 'percent', value: '0' }, '270.25', '270.25', '270.25'],
  ];
  for (const [name, symbol, spread, mid, bid, ask] of table) {
    test(name, () => {
      const quote = applySpread(instrument(symbol), spread, mid);
      expect({ bid: quote.bid, ask: quote.ask }).toEqual({ bid, ask });
    });
  }

  test('spreadFor picks pips for forex and percent for crypto and stocks', () => {
    expect(spreadFor(instrument('EURUSD'), TERMS)).toEqual({ unit: 'pips', value: '1.2' });
    expect(spreadFor(instrument('BTCUSD'), TERMS)).toEqual({ unit: 'percent', value: '0.12' });
    expect(spreadFor(instrument('AAPL'), TERMS)).toEqual({ unit: 'percent', value: '0.12' });
    expect(quoteWithTerms(instrument('EURUSD'), TERMS, '1.08432').ask).toBe('1.08438');
  });

  test('a BUY opens at the ask and closes at the bid; a SELL the other way round', () => {
    const quote = { bid: '1.1', ask: '1.2' };
    expect(openingPrice('buy', quote)).toBe('1.2');
    expect(closingPrice('buy', quote)).toBe('1.1');
    expect(openingPrice('sell', quote)).toBe('1.1');
    expect(closingPrice('sell', quote)).toBe('1.2');
  });

  const forexSymbol = fc.constantFrom('EURUSD', 'USDJPY', 'GBPUSD', 'EURJPY');
  const pips = fc.integer({ min: 0, max: 1000 }).map((tenths) => `${Math.trunc(tenths / 10)}.${tenths % 10}`);
  const midFor = (precision: number) =>
    fc.integer({ min: 1000, max: 100_000_000 }).map((units) => {
      const text = String(units).padStart(precision + 1, '0');
      return `${text.slice(0, -precision)}.${text.slice(-precision)}`;
    });

  test('property: forex ask ≥ mid ≥ bid and ask − bid = the spread in pips exactly', () => {
    fc.assert(
      fc.property(
        forexSymbol.chain((symbol) =>
          fc.tuple(fc.constant(symbol), pips, midFor(instrument(symbol).pricePrecision)),
        ),
        ([symbol, value, mid]) => {
          const spec = instrument(symbol);
          const quote = applySpread(spec, { unit: 'pips', value }, mid);
          expect(compareDecimal(quote.ask, mid)).toBeGreaterThanOrEqual(0);
          expect(compareDecimal(mid, quote.bid)).toBeGreaterThanOrEqual(0);
          const spread = difference(quote.ask, quote.bid);
          // spread in pips = units × 10^(precision − 1 − scale); compare in tenths of a pip.
          const tenths = Math.round(Number(value) * 10);
          if (compareDecimal(quote.bid, (10 ** -spec.pricePrecision).toFixed(spec.pricePrecision)) > 0) {
            expect(spread.units).toBe(BigInt(tenths) * 10n ** BigInt(spread.scale - spec.pricePrecision));
          }
        },
      ),
    );
  });

  test('property: crypto and stock ask ≥ mid ≥ bid, and a positive percent never gives a zero spread', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BTCUSD', 'SHIBUSD', 'AAPL', 'ETHUSD'),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 2, max: 1_000_000_000 }),
        (symbol, bps, units) => {
          const spec = instrument(symbol);
          const text = String(units).padStart(spec.pricePrecision + 1, '0');
          const mid = `${text.slice(0, -spec.pricePrecision)}.${text.slice(-spec.pricePrecision)}`;
          const value = `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
          const quote = applySpread(spec, { unit: 'percent', value }, mid);
          expect(compareDecimal(quote.ask, mid)).toBeGreaterThanOrEqual(0);
          expect(compareDecimal(mid, quote.bid)).toBeGreaterThanOrEqual(0);
          expect(difference(quote.ask, quote.bid).units > 0n).toBe(bps > 0);
          expect(requireDecimal(quote.bid).units > 0n).toBe(true);
        },
      ),
    );
  });
});

describe('computeSpreadCost', () => {
  test('= −result of a BUY opened at the ask and closed at the bid', () => {
    // $1,000 × lot 1 on EURUSD at 1.2 pips: 1000 × 0.00012 / 1.08438 = $0.11066… → 11 cents
    const quote = applySpread(instrument('EURUSD'), { unit: 'pips', value: '1.2' }, '1.08432');
    expect(computeSpreadCost({ amountCents: 100_000n, lotHundredths: 100, ...quote })).toBe(11n);
    // lot 100: $100,000 exposure → $11.07
    expect(computeSpreadCost({ amountCents: 100_000n, lotHundredths: 10_000, ...quote })).toBe(1107n);
    expect(computeSpreadCost({ amountCents: 100_000n, lotHundredths: 10_000, ...quote })).toBe(
      -computeTradeResult({
        direction: 'buy',
        amountCents: 100_000n,
        lotHundredths: 10_000,
        openPrice: quote.ask,
        closePrice: quote.bid,
      }),
    );
  });

  test('a SELL opened and closed at the same mid loses the spread too (computed from executed prices)', () => {
    const quote = applySpread(instrument('AAPL'), { unit: 'percent', value: '0.12' }, '270.00');
    const sell = computeTradeResult({
      direction: 'sell',
      amountCents: 100_000n,
      lotHundredths: 100,
      openPrice: openingPrice('sell', quote),
      closePrice: closingPrice('sell', quote),
    });
    // 1000 × (270.16 − 269.84) / 269.84 = 1.1859 → −$1.19
    expect(sell).toBe(-119n);
  });

  test('no spread costs nothing', () => {
    const quote = applySpread(instrument('AAPL'), { unit: 'percent', value: '0' }, '270.00');
    expect(computeSpreadCost({ amountCents: 100_000n, lotHundredths: 100, ...quote })).toBe(0n);
  });
});

describe('stopOutMidPrice', () => {
  const cases: [string, string, Spread][] = [
    ['EURUSD', '1.08432', { unit: 'pips', value: '1.5' }],
    ['USDJPY', '151.200', { unit: 'pips', value: '2.0' }],
    ['BTCUSD', '108500.00', { unit: 'percent', value: '0.12' }],
    ['AAPL', '270.00', { unit: 'percent', value: '0.20' }],
    ['SHIBUSD', '0.00001020', { unit: 'percent', value: '0.12' }],
  ];
  for (const [symbol, mid, spread] of cases) {
    for (const direction of ['buy', 'sell'] as const) {
      test(`every mid whose executable close stops a ${direction} on ${symbol} passes the filter`, () => {
        const spec = instrument(symbol);
        const open = openingPrice(direction, applySpread(spec, spread, mid));
        const trade = { direction, amountCents: 10_000n, lotHundredths: 5_000, openPrice: open };
        const stop = computeStopOutPrice(trade);
        if (stop === null) throw new Error('a lot of 50 has a stop-out');
        const trigger = stopOutMidPrice(spec, spread, direction, stop);
        const precision = spec.pricePrecision;
        const tick = 10 ** -precision;
        const triggerValue = Number(trigger);
        // Walk mids around the trigger: stopped out (at the executable close) ⇒ passes the filter.
        for (let step = -40; step <= 40; step++) {
          const value = triggerValue + step * tick;
          if (value <= 0) continue;
          const candidate = value.toFixed(precision);
          const close = closingPrice(direction, applySpread(spec, spread, candidate));
          const stopped = isStopOut({ ...trade, price: close });
          const passes =
            direction === 'buy'
              ? compareDecimal(candidate, trigger) <= 0
              : compareDecimal(candidate, trigger) >= 0;
          if (stopped) expect(passes).toBe(true);
        }
      });
    }
  }

  test('pips: the trigger is the stop plus (BUY) or minus (SELL) half the spread exactly', () => {
    const spec = instrument('EURUSD');
    expect(stopOutMidPrice(spec, { unit: 'pips', value: '1.2' }, 'buy', '1.06000')).toBe('1.060060');
    expect(stopOutMidPrice(spec, { unit: 'pips', value: '1.2' }, 'sell', '1.10000')).toBe('1.099940');
  });
});
