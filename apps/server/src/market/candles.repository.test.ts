import type { OhlcCandle } from '@candor/domain/market/candle';
import { aggregateCandles } from '@candor/domain/market/candles';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { insertMinuteCandles, readStoredCandles } from './candles.repository.ts';
import type { MinuteCandle } from './minute-recorder.ts';

/** Stored minutes of a real source, aggregated in SQL: the same answer as the domain's aggregation. */
let database: Database;
let drop: () => Promise<void>;
const START = Date.UTC(2026, 10, 21, 22, 0) / 1000;
const minutes: OhlcCandle[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // Three hours of minutes around midnight, with a gap of 20 minutes and prices of varied widths.
  let price = 67_000;
  for (let i = 0; i < 180; i++) {
    price += ((i * 7919) % 13) - 6.3;
    if (i >= 70 && i < 90) continue;
    const open = price.toFixed(2);
    const close = (price + ((i % 5) - 2)).toFixed(2);
    const high = (Math.max(price, price + ((i % 5) - 2)) + (i % 3)).toFixed(2);
    const low = (Math.min(price, price + ((i % 5) - 2)) - (i % 4) * 0.5).toFixed(2);
    minutes.push({ time: START + i * 60, open, high, low, close });
  }
  const rows: MinuteCandle[] = minutes.map((m) => ({
    ...m,
    symbol: 'BTCUSD',
    time: new Date(m.time * 1000),
    source: 'coingecko',
  }));
  await insertMinuteCandles(database.db, rows);
  await insertMinuteCandles(database.db, [{ ...rows[0]!, symbol: 'ETHUSD', open: '1.00' }]);
});
afterAll(() => drop());

test.each(['1m', '5m', '15m', '1h', '4h', '1d'] as const)(
  '%s candles match the domain’s aggregation',
  async (interval) => {
    const stored = await readStoredCandles(database.db, 'BTCUSD', interval, {
      from: START,
      to: START + 3 * 3600,
    });
    expect(stored).toEqual(aggregateCandles(minutes, interval));
  },
);

test('the range holds the candles whose start lies in it, the one holding `from` included', async () => {
  const stored = await readStoredCandles(database.db, 'BTCUSD', '1h', {
    from: START + 1800,
    to: START + 3600,
  });
  expect(stored.map((c) => c.time)).toEqual([START, START + 3600]);
  expect(
    await readStoredCandles(database.db, 'BTCUSD', '1h', { from: START + 4 * 3600, to: START + 9 * 3600 }),
  ).toEqual([]);
});

test('an interval without stored minutes has no candle', async () => {
  const stored = await readStoredCandles(database.db, 'BTCUSD', '5m', {
    from: START + 70 * 60,
    to: START + 89 * 60,
  });
  expect(stored).toEqual([]);
});
