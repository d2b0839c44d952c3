import { CandlesResponseSchema, QuoteSchema, SignalRatingSchema } from '@candor/contracts/market';
import { beforeAll, describe, expect, test } from 'vitest';
import { directionOf } from '../../market/signal-rating.ts';
import { insertSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let client: Browser;
beforeAll(async () => {
  ({ browser: client } = await insertSignedInUser(t));
});

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function get(url: string) {
  return client.request({ method: 'GET', url });
}

describe('GET /api/instruments', () => {
  test('lists the 77 instruments of the catalogue with their class and precision', async () => {
    const res = await get('/api/instruments');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(77);
    expect(items).toContainEqual({
      symbol: 'BTCUSD',
      class: 'crypto',
      name: 'Bitcoin / US Dollar',
      pricePrecision: 2,
    });
    expect(items).toContainEqual(
      expect.objectContaining({ symbol: 'EURUSD', class: 'forex', pricePrecision: 5 }),
    );
    expect(items.filter((i: { class: string }) => i.class === 'stock').length).toBeGreaterThan(0);
  });
});

describe('GET /api/instruments/:symbol/candles', () => {
  test('by default: at least 300 hourly candles up to now, oldest first, from the simulated market', async () => {
    const before = nowSeconds();
    const res = await get('/api/instruments/BTCUSD/candles');
    expect(res.statusCode).toBe(200);
    const body = CandlesResponseSchema.parse(res.json());
    expect(body).toMatchObject({ symbol: 'BTCUSD', interval: '1h', source: 'simulated' });
    expect(body.candles.length).toBeGreaterThanOrEqual(300);
    const times = body.candles.map((c) => c.time);
    for (const [i, time] of times.entries()) {
      expect(time % HOUR).toBe(0);
      if (i > 0) expect(time - times[i - 1]!).toBe(HOUR);
    }
    expect(times.at(-1)).toBe(Math.floor(before / HOUR) * HOUR);
    for (const c of body.candles) {
      const [open, high, low, close] = [c.open, c.high, c.low, c.close].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(c.close).toMatch(/^\d+\.\d{2}$/);
    }
  });

  test('longer intervals aggregate the shorter ones exactly', async () => {
    const dayStart = Math.floor(nowSeconds() / 86_400) * 86_400 - 86_400;
    const query = `from=${dayStart}&to=${dayStart + 86_399}`;
    const hours = (await get(`/api/instruments/EURUSD/candles?interval=1h&${query}`)).json().candles;
    const fourHours = (await get(`/api/instruments/EURUSD/candles?interval=4h&${query}`)).json().candles;
    const days = (await get(`/api/instruments/EURUSD/candles?interval=1d&${query}`)).json().candles;
    expect(hours).toHaveLength(24);
    expect(fourHours).toHaveLength(6);
    expect(days).toHaveLength(1);
    const aggregate = (
      parts: { time: number; open: string; high: string; low: string; close: string }[],
    ) => ({
      time: parts[0]!.time,
      open: parts[0]!.open,
      high: parts.map((p) => p.high).reduce((a, b) => (Number(b) > Number(a) ? b : a)),
      low: parts.map((p) => p.low).reduce((a, b) => (Number(b) < Number(a) ? b : a)),
      close: parts.at(-1)!.close,
    });
    for (let i = 0; i < 6; i++) expect(fourHours[i]).toEqual(aggregate(hours.slice(i * 4, i * 4 + 4)));
    expect(days[0]).toEqual(aggregate(hours));

    const hourStart = dayStart + 5 * HOUR;
    const hourQuery = `from=${hourStart}&to=${hourStart + HOUR - 1}`;
    const minutes = (await get(`/api/instruments/EURUSD/candles?interval=1m&${hourQuery}`)).json().candles;
    const fives = (await get(`/api/instruments/EURUSD/candles?interval=5m&${hourQuery}`)).json().candles;
    const fifteens = (await get(`/api/instruments/EURUSD/candles?interval=15m&${hourQuery}`)).json().candles;
    expect(minutes).toHaveLength(60);
    for (let i = 0; i < 12; i++) expect(fives[i]).toEqual(aggregate(minutes.slice(i * 5, i * 5 + 5)));
    for (let i = 0; i < 4; i++) expect(fifteens[i]).toEqual(aggregate(minutes.slice(i * 15, i * 15 + 15)));
    expect(aggregate(minutes)).toEqual(hours[5]);
  });

  test('a year of hourly candles in one request: in order, equal to the smaller requests', async () => {
    const to = Math.floor(1_790_000_000 / HOUR) * HOUR;
    const from = to - 365 * 86_400;
    const res = await get(`/api/instruments/BTCUSD/candles?interval=1h&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const year = CandlesResponseSchema.parse(res.json());
    expect(year).toMatchObject({ symbol: 'BTCUSD', interval: '1h', source: 'simulated' });
    expect(year.candles).toHaveLength(8761);
    expect(year.candles.map((c) => c.time)).toEqual(Array.from({ length: 8761 }, (_, i) => from + i * HOUR));
    // A range holds the candles whose start lies in [from aligned down, to].
    const middle = from + 4380 * HOUR + 1800;
    const parts = await Promise.all(
      [`from=${from}&to=${middle}`, `from=${from + 4381 * HOUR}&to=${to}`].map(async (query) => {
        const part = await get(`/api/instruments/BTCUSD/candles?interval=1h&${query}`);
        return CandlesResponseSchema.parse(part.json()).candles;
      }),
    );
    expect(parts[0]).toHaveLength(4381);
    expect([...parts[0]!, ...parts[1]!]).toEqual(year.candles);
  });

  test('history is the same on every request (a pure function of time and seed)', async () => {
    const url = '/api/instruments/AAPL/candles?interval=15m&from=1790000000&to=1790100000';
    const first = (await get(url)).json();
    expect(first.candles.length).toBeGreaterThan(100);
    expect((await get(url)).json()).toEqual(first);
  });

  test('the symbol may be written in any case; the answer names it as listed', async () => {
    const res = await get('/api/instruments/btcusd/candles?interval=1d');
    expect(res.statusCode).toBe(200);
    expect(res.json().symbol).toBe('BTCUSD');
    expect(res.json().candles.length).toBeGreaterThanOrEqual(300);
  });

  test('no candle lies in the future, even when `to` does', async () => {
    const res = await get(
      `/api/instruments/GBPUSD/candles?interval=1m&from=${nowSeconds() - 600}&to=${nowSeconds() + 3600}`,
    );
    const candles = res.json().candles as { time: number }[];
    expect(candles.at(-1)!.time).toBeLessThanOrEqual(nowSeconds());
    expect(candles.length).toBeGreaterThanOrEqual(10);
  });

  test.each([
    ['an unknown symbol', '/api/instruments/NOPE/candles', 404, 'NOT_FOUND', 'Unknown instrument'],
    [
      'from after to',
      '/api/instruments/BTCUSD/candles?from=1790003600&to=1790000000',
      400,
      'VALIDATION_FAILED',
      'from must not be after to',
    ],
    [
      'too many candles',
      '/api/instruments/BTCUSD/candles?interval=1m&from=1790000000&to=1791000000',
      400,
      'VALIDATION_FAILED',
      'At most 10000 candles per request (this one spans 16668)',
    ],
    [
      'an unknown interval',
      '/api/instruments/BTCUSD/candles?interval=2h',
      400,
      'VALIDATION_FAILED',
      'interval',
    ],
    ['a negative time', '/api/instruments/BTCUSD/candles?from=-5', 400, 'VALIDATION_FAILED', 'from'],
    [
      'a time that is not a number',
      '/api/instruments/BTCUSD/candles?to=yesterday',
      400,
      'VALIDATION_FAILED',
      'to',
    ],
  ])('%s is refused', async (_name, url, status, code, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toContain(message);
  });
});

describe('GET /api/quotes/:symbol', () => {
  test('the latest price with its time and source', async () => {
    const res = await get('/api/quotes/EURUSD');
    expect(res.statusCode).toBe(200);
    const quote = QuoteSchema.parse(res.json());
    expect(quote).toMatchObject({ symbol: 'EURUSD', source: 'simulated', stale: false });
    expect(quote.price).toMatch(/^\d+\.\d{5}$/);
    expect(quote.change24hPercent).toMatch(/^-?\d+\.\d{2}$/);
    expect(Math.abs(Date.parse(quote.time) - Date.now())).toBeLessThan(5000);
  });

  test('the price is the one the chart shows for that second', async () => {
    const quote = (await get('/api/quotes/ETHUSD')).json();
    const second = Date.parse(quote.time) / 1000;
    const minute = Math.floor(second / 60) * 60;
    const candles = (
      await get(`/api/instruments/ETHUSD/candles?interval=1m&from=${minute}&to=${second}`)
    ).json().candles;
    // The minute may have moved on since the quote: the quote's second then lies inside it.
    expect(candles[0].time).toBe(minute);
    expect(Number(quote.price)).toBeGreaterThanOrEqual(Number(candles[0].low));
    expect(Number(quote.price)).toBeLessThanOrEqual(Number(candles[0].high));
  });

  test('an unknown symbol is 404', async () => {
    const res = await get('/api/quotes/NOPE');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Unknown instrument' });
  });
});

describe('GET /api/signals/:symbol', () => {
  test('a rating from 0 to 100 % with its direction, from the closed hourly candles, as of the last close', async () => {
    const res = await get('/api/signals/BTCUSD');
    expect(res.statusCode).toBe(200);
    const signal = SignalRatingSchema.parse(res.json());
    expect(signal).toMatchObject({
      symbol: 'BTCUSD',
      interval: '1h',
      asOf: Math.floor(nowSeconds() / HOUR) * HOUR,
    });
    expect(signal.direction).toBe(directionOf(signal.rating));
  });

  test('an unknown symbol is 404', async () => {
    expect((await get('/api/signals/NOPE')).statusCode).toBe(404);
  });
});

test('every market route refuses anonymous callers', async () => {
  for (const url of [
    '/api/instruments',
    '/api/instruments/BTCUSD/candles',
    '/api/quotes/BTCUSD',
    '/api/signals/BTCUSD',
    '/api/prices/stream?symbols=BTCUSD',
  ]) {
    const res = await t.app.inject({ method: 'GET', url });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
  }
});

test('the market routes are described in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/instruments',
      '/api/instruments/{symbol}/candles',
      '/api/quotes/{symbol}',
      '/api/signals/{symbol}',
      '/api/prices/stream',
    ]),
  );
});
