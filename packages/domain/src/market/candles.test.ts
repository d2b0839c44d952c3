import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CandleInterval, OhlcCandle } from './candle.ts';
import { aggregateCandles, alignToInterval, compareDecimal } from './candles.ts';

/** 2026-11-01T00:00:00Z */
const DAY = 1_793_491_200;
const at = (hours: number, minutes: number) => DAY + hours * 3600 + minutes * 60;
const candle = (time: number, open: string, high: string, low: string, close: string): OhlcCandle => ({
  time,
  open,
  high,
  low,
  close,
});

describe('alignToInterval', () => {
  // 2026-11-01T03:17:23Z
  const instant = DAY + 3 * 3600 + 17 * 60 + 23;
  test.each([
    ['1m', at(3, 17)],
    ['5m', at(3, 15)],
    ['15m', at(3, 15)],
    ['1h', at(3, 0)],
    ['4h', at(0, 0)],
    ['1d', DAY],
  ] as const)('puts 03:17:23 UTC in the %s bucket starting at %i', (interval, start) => {
    expect(alignToInterval(instant, interval)).toBe(start);
  });

  test.each([
    ['a bucket start stays where it is', at(8, 0), '4h', at(8, 0)],
    ['the last second of a day belongs to that day', DAY + 86_399, '1d', DAY],
    ['a second before the epoch belongs to the minute before it', -1, '1m', -60],
    ['the epoch itself starts a bucket', 0, '1d', 0],
  ] as const)('%s', (_scenario, unixSeconds, interval, start) => {
    expect(alignToInterval(unixSeconds, interval)).toBe(start);
  });

  test('4h buckets start at 00, 04, 08, 12, 16 and 20 UTC', () => {
    const starts = new Set(
      Array.from({ length: 24 }, (_, hour) => (alignToInterval(at(hour, 30), '4h') - DAY) / 3600),
    );
    expect([...starts]).toEqual([0, 4, 8, 12, 16, 20]);
  });
});

describe('compareDecimal', () => {
  test.each([
    ['1', '2', -1],
    ['10', '9', 1],
    ['9.5', '10.25', -1],
    ['1.5', '1.50', 0],
    ['01.5', '1.5', 0],
    ['0', '0.000', 0],
    ['0.00000001', '0.00000002', -1],
    ['108500.00', '108499.99', 1],
    ['2.4500', '2.45001', -1],
    ['0.1', '0.09', 1],
  ] as const)('compares %s with %s as %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
    expect(compareDecimal(b, a)).toBe(-expected || 0);
  });

  test.each(['', '-1', '1e3', '.5', '1.', 'abc', ' 1'])('refuses %j', (text) => {
    expect(() => compareDecimal(text, '1')).toThrow(RangeError);
  });

  test('agrees with comparing the scaled integers', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, decimals]) => ({ units, decimals }));
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const text = ({ units, decimals }: { units: bigint; decimals: number }) => {
          const digits = units.toString().padStart(decimals + 1, '0');
          return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
        };
        const scaledA = a.units * 10n ** BigInt(8 - a.decimals);
        const scaledB = b.units * 10n ** BigInt(8 - b.decimals);
        const expected = scaledA < scaledB ? -1 : scaledA > scaledB ? 1 : 0;
        expect(compareDecimal(text(a), text(b))).toBe(expected);
      }),
    );
  });
});

describe('aggregateCandles', () => {
  test('5m: seven minutes from 00:00 make a full bucket and a partial one', () => {
    const minutes = [
      candle(at(0, 0), '10', '11', '9', '10.5'),
      candle(at(0, 1), '10.5', '12', '10', '11'),
      candle(at(0, 2), '11', '11.5', '8.75', '9'),
      candle(at(0, 3), '9', '10', '9', '9.5'),
      candle(at(0, 4), '9.5', '9.75', '9.25', '9.5'),
      candle(at(0, 5), '9.5', '10', '9.5', '10'),
      candle(at(0, 6), '10', '10.5', '9.75', '10.25'),
    ];
    expect(aggregateCandles(minutes, '5m')).toEqual([
      candle(at(0, 0), '10', '12', '8.75', '9.5'),
      candle(at(0, 5), '9.5', '10.5', '9.5', '10.25'),
    ]);
  });

  test('15m: minutes on both sides of a bucket edge, with gaps, fall into the right buckets', () => {
    const minutes = [
      candle(at(0, 14), '1.00010', '1.00020', '1.00000', '1.00015'),
      candle(at(0, 16), '1.00020', '1.00030', '1.00010', '1.00025'),
      candle(at(0, 29), '1.00025', '1.00040', '1.00005', '1.00035'),
      candle(at(0, 31), '1.00035', '1.00036', '1.00030', '1.00031'),
    ];
    expect(aggregateCandles(minutes, '15m')).toEqual([
      candle(at(0, 0), '1.00010', '1.00020', '1.00000', '1.00015'),
      candle(at(0, 15), '1.00020', '1.00040', '1.00005', '1.00035'),
      candle(at(0, 30), '1.00035', '1.00036', '1.00030', '1.00031'),
    ]);
  });

  test('1h: an hour without any minute is absent, not made up', () => {
    const minutes = [
      candle(at(10, 0), '100', '101', '99', '100'),
      candle(at(10, 59), '100', '102', '100', '101'),
      candle(at(12, 0), '105', '106', '104', '105.5'),
    ];
    expect(aggregateCandles(minutes, '1h')).toEqual([
      candle(at(10, 0), '100', '102', '99', '101'),
      candle(at(12, 0), '105', '106', '104', '105.5'),
    ]);
  });

  test('4h: 03:59 and 04:00 belong to different buckets', () => {
    const minutes = [
      candle(at(1, 0), '50', '51', '49', '50'),
      candle(at(3, 59), '50', '52', '50', '51'),
      candle(at(4, 0), '51', '51', '48', '48.5'),
    ];
    expect(aggregateCandles(minutes, '4h')).toEqual([
      candle(at(0, 0), '50', '52', '49', '51'),
      candle(at(4, 0), '51', '51', '48', '48.5'),
    ]);
  });

  test('1d: buckets start at 00:00 UTC, so 23:59 and the next 00:00 are different days', () => {
    const minutes = [
      candle(at(0, 0), '0.00001020', '0.00001030', '0.00001010', '0.00001025'),
      candle(at(23, 59), '0.00001025', '0.00001100', '0.00001000', '0.00001090'),
      candle(at(24, 0), '0.00001090', '0.00001095', '0.00000999', '0.00001001'),
    ];
    expect(aggregateCandles(minutes, '1d')).toEqual([
      candle(DAY, '0.00001020', '0.00001100', '0.00001000', '0.00001090'),
      candle(DAY + 86_400, '0.00001090', '0.00001095', '0.00000999', '0.00001001'),
    ]);
  });

  test('1m: the minutes come back unchanged', () => {
    const minutes = [candle(at(0, 0), '1', '2', '0.5', '1.5'), candle(at(0, 2), '1.5', '1.5', '1', '1')];
    expect(aggregateCandles(minutes, '1m')).toEqual(minutes);
  });

  test('highs and lows are compared as numbers, not as text', () => {
    const minutes = [
      candle(at(0, 0), '9.5', '9.9', '9.1', '9.8'),
      candle(at(0, 1), '9.8', '10.25', '10.0', '10.1'),
    ];
    expect(aggregateCandles(minutes, '5m')).toEqual([candle(at(0, 0), '9.5', '10.25', '9.1', '10.1')]);
  });

  test('no minutes give no candles', () => {
    expect(aggregateCandles([], '1h')).toEqual([]);
  });

  test('minutes out of order are refused', () => {
    const minutes = [candle(at(0, 1), '1', '1', '1', '1'), candle(at(0, 0), '1', '1', '1', '1')];
    expect(() => aggregateCandles(minutes, '5m')).toThrow(RangeError);
  });

  test('the input is not changed', () => {
    const minutes = [candle(at(0, 0), '1', '2', '1', '2'), candle(at(0, 1), '2', '3', '0.5', '1')];
    const copy = minutes.map((m) => ({ ...m }));
    aggregateCandles(minutes, '1h');
    expect(minutes).toEqual(copy);
  });

  const intervals: CandleInterval[] = ['5m', '15m', '1h', '4h', '1d'];
  const minuteCandles = fc
    .uniqueArray(fc.integer({ min: 0, max: 3 * 1440 }), { maxLength: 200 })
    .chain((offsets) =>
      fc.tuple(
        fc.constant([...offsets].sort((a, b) => a - b)),
        fc.array(fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 4, maxLength: 4 }), {
          minLength: offsets.length,
          maxLength: offsets.length,
        }),
      ),
    )
    .map(([offsets, prices]) =>
      offsets.map((offset, i) => {
        const [a = 1, b = 1, c = 1, d = 1] = (prices[i] ?? []).map((p) => p / 100);
        const sorted = [a, b, c, d].sort((x, y) => x - y);
        return candle(DAY + offset * 60, String(b), String(sorted[3]), String(sorted[0]), String(c));
      }),
    );

  test('a bucket holds exactly its minutes: open of the first, close of the last, their extremes', () => {
    fc.assert(
      fc.property(minuteCandles, fc.constantFrom(...intervals), (minutes, interval) => {
        const buckets = aggregateCandles(minutes, interval);
        expect(buckets.map((b) => b.time)).toEqual([
          ...new Set(minutes.map((m) => alignToInterval(m.time, interval))),
        ]);
        for (const bucket of buckets) {
          const inside = minutes.filter((m) => alignToInterval(m.time, interval) === bucket.time);
          const highs = inside.map((m) => Number(m.high));
          const lows = inside.map((m) => Number(m.low));
          expect(bucket.open).toBe(inside[0]?.open);
          expect(bucket.close).toBe(inside.at(-1)?.close);
          expect(Number(bucket.high)).toBe(Math.max(...highs));
          expect(Number(bucket.low)).toBe(Math.min(...lows));
        }
      }),
      { numRuns: 100 },
    );
  });

  test('aggregating 15-minute buckets into hours gives the hours of the minutes', () => {
    fc.assert(
      fc.property(minuteCandles, (minutes) => {
        expect(aggregateCandles(aggregateCandles(minutes, '15m'), '1h')).toEqual(
          aggregateCandles(minutes, '1h'),
        );
      }),
      { numRuns: 100 },
    );
  });
});
