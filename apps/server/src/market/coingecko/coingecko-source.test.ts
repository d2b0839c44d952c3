import type { InstrumentSpec } from '@candor/domain/market/instrument';
import pino from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Tick } from '../price-source.ts';
import { type CoinGeckoClientOptions, createCoinGeckoClient } from './coingecko-client.ts';
import { type CoinGeckoSourceOptions, createCoinGeckoSource } from './coingecko-source.ts';
import { createFakeFetch, createRecordingSleep, type ScriptedStep } from './fake-fetch.ts';

function buildInstrument(
  overrides: Partial<InstrumentSpec> & Pick<InstrumentSpec, 'symbol'>,
): InstrumentSpec {
  return {
    class: 'crypto',
    name: overrides.symbol,
    pricePrecision: 2,
    referencePrice: '1.00',
    annualVolatility: 0.6,
    coingeckoId: null,
    ...overrides,
  };
}

const INSTRUMENTS = [
  buildInstrument({ symbol: 'BTCUSD', coingeckoId: 'bitcoin' }),
  buildInstrument({ symbol: 'ETHUSD', coingeckoId: 'ethereum' }),
  buildInstrument({ symbol: 'SHIBUSD', coingeckoId: 'shiba-inu', pricePrecision: 8 }),
  buildInstrument({ symbol: 'XRPUSD', coingeckoId: 'ripple', pricePrecision: 4 }),
  buildInstrument({ symbol: 'EURUSD', class: 'forex', pricePrecision: 5 }),
];
const OK_PRICES = { status: 200, fixture: 'simple-price.json' } as const;
const LATER_PRICES = { status: 200, fixture: 'simple-price-later.json' } as const;
/** 2026-01-01T00:00:00Z, ten seconds after the recorded bitcoin price. */
const START = new Date(1767225600_000);

function setUp(
  script: readonly ScriptedStep[],
  options: { client?: CoinGeckoClientOptions; source?: Partial<CoinGeckoSourceOptions> } = {},
) {
  const fake = createFakeFetch(script);
  const clock = { now: START };
  const logger = { warn: vi.fn(), error: vi.fn() };
  const client = createCoinGeckoClient({
    fetch: fake.fetch,
    sleep: createRecordingSleep().sleep,
    random: () => 0,
    ...options.client,
  });
  const source = createCoinGeckoSource({
    client,
    instruments: INSTRUMENTS,
    logger,
    now: () => clock.now,
    ...options.source,
  });
  const ticks: Tick[] = [];
  return { source, requests: fake.requests, clock, logger, ticks, onTick: (tick: Tick) => ticks.push(tick) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createCoinGeckoSource', () => {
  test('covers the crypto pairs that have a CoinGecko id, and only those', () => {
    const { source } = setUp([]);
    expect(source.id).toBe('coingecko');
    expect(['BTCUSD', 'SHIBUSD', 'EURUSD', 'SOLUSD'].map((s) => source.covers(s))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  test('a poll emits one tick per symbol with the instrument precision and the observed time', async () => {
    const { source, requests, ticks, onTick, logger } = setUp([OK_PRICES]);
    source.start(onTick);
    await source.pollNow();
    await source.stop();

    expect(requests[0]?.url.searchParams.get('ids')).toBe('bitcoin,ethereum,shiba-inu,ripple');
    expect(ticks.map(({ symbol, price, change24hPercent }) => ({ symbol, price, change24hPercent }))).toEqual(
      [
        { symbol: 'BTCUSD', price: '67234.12', change24hPercent: '-1.23' },
        { symbol: 'ETHUSD', price: '3456.79', change24hPercent: '2.35' },
        { symbol: 'SHIBUSD', price: '0.00001235', change24hPercent: '0.00' },
        { symbol: 'XRPUSD', price: '0.5235', change24hPercent: null },
      ],
    );
    expect(source.latest('BTCUSD')).toEqual({
      symbol: 'BTCUSD',
      price: '67234.12',
      time: new Date('2025-12-31T23:59:50Z'),
      source: 'coingecko',
      change24hPercent: '-1.23',
    });
    expect(source.latest('EURUSD')).toBeUndefined();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  test('a price is stale before the first poll and once it is older than maxAgeMs', async () => {
    const { source } = setUp([OK_PRICES], { source: { pollIntervalMs: 60_000 } });
    expect(source.isStale('BTCUSD', START)).toBe(true);
    await source.pollNow();
    const observed = new Date('2025-12-31T23:59:50Z').getTime();
    expect(source.isStale('BTCUSD', START)).toBe(false);
    expect(source.isStale('BTCUSD', new Date(observed + 180_000))).toBe(false);
    expect(source.isStale('BTCUSD', new Date(observed + 180_001))).toBe(true);
  });

  test('a price CoinGecko dates in the future counts from when it arrived', async () => {
    const { source, clock } = setUp([OK_PRICES]);
    clock.now = new Date('2025-12-31T23:00:00Z');
    await source.pollNow();
    expect(source.latest('BTCUSD')?.time).toEqual(clock.now);
  });

  test('when the source times out the last prices are kept, logged, and go stale; nothing throws', async () => {
    const { source, clock, logger } = setUp([OK_PRICES, 'hang', 'hang', 'hang'], {
      client: { timeoutMs: 15 },
      source: { maxAgeMs: 120_000 },
    });
    await source.pollNow();
    clock.now = new Date(START.getTime() + 60_000);
    await expect(source.pollNow()).resolves.toBeUndefined();

    expect(source.latest('BTCUSD')?.price).toBe('67234.12');
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'timeout',
        attempts: 3,
        reason: expect.stringContaining('no answer within 15 ms'),
      }),
      'CoinGecko poll failed; keeping the last prices',
    );
    expect(logger.error).not.toHaveBeenCalled();
    expect(source.isStale('BTCUSD', clock.now)).toBe(false);
    expect(source.isStale('BTCUSD', new Date(START.getTime() + 120_000))).toBe(true);
  });

  test('a failure once prices are stale is logged as an error, once per outage', async () => {
    const down = { status: 503, fixture: 'http-500.txt' };
    const { source, clock, logger } = setUp([down, down, down, down, down, down], {
      client: { maxAttempts: 1 },
    });
    await source.pollNow();
    await source.pollNow();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ symbols: ['BTCUSD', 'ETHUSD', 'SHIBUSD', 'XRPUSD'] }),
      expect.stringContaining('stale'),
    );
    expect(source.isStale('BTCUSD', clock.now)).toBe(true);
  });

  test.each([
    { name: 'a truncated answer', fixture: 'simple-price-truncated.txt' },
    { name: 'an answer of the wrong shape', fixture: 'simple-price-wrong-shape.json' },
  ])('$name is logged as malformed and the old prices stay', async ({ fixture }) => {
    const { source, logger } = setUp([OK_PRICES, { status: 200, fixture }]);
    await source.pollNow();
    await source.pollNow();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'malformed' }),
      expect.any(String),
    );
    expect(source.latest('ETHUSD')?.price).toBe('3456.79');
  });

  test('a symbol missing from the answer is logged once and stays stale', async () => {
    const instruments = [...INSTRUMENTS, buildInstrument({ symbol: 'SOLUSD', coingeckoId: 'solana' })];
    const { source, logger } = setUp([OK_PRICES, LATER_PRICES], { source: { instruments } });
    await source.pollNow();
    await source.pollNow();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn).toHaveBeenCalledWith({ symbols: ['SOLUSD'] }, expect.stringContaining('no price'));
    expect(source.latest('SOLUSD')).toBeUndefined();
    expect(source.isStale('SOLUSD', START)).toBe(true);
  });

  test('polls at once, then every pollIntervalMs, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { source, requests, ticks, onTick } = setUp([OK_PRICES, LATER_PRICES, OK_PRICES], {
      source: { pollIntervalMs: 60_000 },
    });
    source.start(onTick);
    await source.pollNow();
    expect(requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(59_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(ticks).toHaveLength(8));
    expect(requests).toHaveLength(2);
    expect(source.latest('BTCUSD')?.price).toBe('67301.50');

    await source.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(requests).toHaveLength(2);
  });

  test('stop() aborts a poll in flight: no tick, no error', async () => {
    const { source, requests, ticks, onTick, logger } = setUp(['hang']);
    source.start(onTick);
    expect(requests).toHaveLength(1);
    await source.stop();
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(ticks).toEqual([]);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  test('a listener that throws is logged and does not stop the other ticks', async () => {
    const { source, logger } = setUp([OK_PRICES]);
    const seen: string[] = [];
    source.start((tick) => {
      seen.push(tick.symbol);
      if (tick.symbol === 'BTCUSD') throw new Error('listener bug');
    });
    await source.pollNow();
    await source.stop();
    expect(seen).toEqual(['BTCUSD', 'ETHUSD', 'SHIBUSD', 'XRPUSD']);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ symbol: 'BTCUSD' }),
      expect.any(String),
    );
  });

  test('starting twice is a bug', async () => {
    const { source, onTick } = setUp([OK_PRICES]);
    source.start(onTick);
    expect(() => source.start(onTick)).toThrow('already started');
    await source.stop();
  });

  test("Fastify's pino logger fits the logger option", async () => {
    const { source } = setUp([{ status: 500, fixture: 'http-500.txt' }], {
      client: { maxAttempts: 1 },
      source: { logger: pino({ enabled: false }) },
    });
    await expect(source.pollNow()).resolves.toBeUndefined();
  });
});

describe('history', () => {
  test('returns the market chart points within the range, with the instrument precision', async () => {
    const { source, requests } = setUp([{ status: 200, fixture: 'market-chart-bitcoin-1d.json' }]);
    const from = START.getTime() / 1000 - 3600;
    const result = await source.history('BTCUSD', from, START.getTime() / 1000);

    expect(requests[0]?.url.searchParams.get('days')).toBe('1');
    if (!result.ok) throw result.error;
    expect(result.value).toHaveLength(13);
    expect(result.value[0]).toEqual({ time: 1767222279, price: '65523.60' });
    expect(result.value.at(-1)).toEqual({ time: 1767225590, price: '67234.12' });
  });

  test('asks for enough days to reach the start, at most a year', async () => {
    const chart = { status: 200, fixture: 'market-chart-bitcoin-1d.json' };
    const { source, requests } = setUp([chart, chart]);
    const now = START.getTime() / 1000;
    await source.history('BTCUSD', now - 10 * 86_400 + 1, now);
    await source.history('BTCUSD', now - 800 * 86_400, now);
    expect(requests.map((r) => r.url.searchParams.get('days'))).toEqual(['10', '365']);
  });

  test('a failed request is an error value', async () => {
    const { source } = setUp([{ status: 404, fixture: 'http-404-coin-not-found.json' }]);
    const result = await source.history('BTCUSD', 0, START.getTime() / 1000);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'http', status: 404 });
  });
});
