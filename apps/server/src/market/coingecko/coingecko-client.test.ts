import { describe, expect, test } from 'vitest';
import { type CoinGeckoClientOptions, createCoinGeckoClient } from './coingecko-client.ts';
import { CoinGeckoError } from './coingecko-error.ts';
import { createFakeFetch, createRecordingSleep, type ScriptedStep } from './fake-fetch.ts';

const OK_PRICES = { status: 200, fixture: 'simple-price.json' } as const;

function setUp(script: readonly ScriptedStep[], options: CoinGeckoClientOptions = {}) {
  const fake = createFakeFetch(script);
  const recording = createRecordingSleep();
  const client = createCoinGeckoClient({
    fetch: fake.fetch,
    sleep: recording.sleep,
    random: () => 0,
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...options,
  });
  return { client, requests: fake.requests, waits: recording.waits };
}

async function failure(promise: Promise<unknown>): Promise<CoinGeckoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof CoinGeckoError)) throw new Error(`Expected a CoinGeckoError, got ${String(error)}`);
  return error;
}

describe('simplePrice', () => {
  test('asks for USD prices with the 24 h change and reads the recorded answer', async () => {
    const { client, requests } = setUp([OK_PRICES]);
    const prices = await client.simplePrice(['bitcoin', 'ethereum', 'shiba-inu', 'ripple']);

    const url = requests[0]?.url;
    expect(url?.origin + (url?.pathname ?? '')).toBe('https://api.coingecko.com/api/v3/simple/price');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      ids: 'bitcoin,ethereum,shiba-inu,ripple',
      vs_currencies: 'usd',
      include_24hr_change: 'true',
      include_last_updated_at: 'true',
    });
    expect(requests[0]?.headers.get('x-cg-demo-api-key')).toBeNull();
    expect(prices.get('bitcoin')).toEqual({
      usd: 67234.123456,
      usd_24h_change: -1.2345678901234,
      last_updated_at: 1767225590,
    });
    expect(prices.get('shiba-inu')?.usd).toBe(0.00001234567);
    expect(prices.get('ripple')).toEqual({ usd: 0.523456, last_updated_at: 1767225580 });
  });

  test('sends the demo API key and uses the configured base URL', async () => {
    const { client, requests } = setUp([OK_PRICES], { apiKey: 'CG-demo', baseUrl: 'http://proxy.test/v3/' });
    await client.simplePrice(['bitcoin']);
    expect(requests[0]?.url.href).toMatch(/^http:\/\/proxy\.test\/v3\/simple\/price\?/);
    expect(requests[0]?.headers.get('x-cg-demo-api-key')).toBe('CG-demo');
  });

  test('an HTTP 500 is retried after an exponential backoff', async () => {
    const { client, requests, waits } = setUp([{ status: 500, fixture: 'http-500.txt' }, OK_PRICES]);
    const prices = await client.simplePrice(['bitcoin']);
    expect(prices.get('bitcoin')?.usd).toBe(67234.123456);
    expect(requests).toHaveLength(2);
    expect(waits).toEqual([250]);
  });

  test('three HTTP 500s give up with a clear http error after three attempts', async () => {
    const fiveHundred = { status: 500, fixture: 'http-500.txt' };
    const { client, requests, waits } = setUp([fiveHundred, fiveHundred, fiveHundred]);
    const error = await failure(client.simplePrice(['bitcoin']));
    expect(error).toMatchObject({ kind: 'http', status: 500, attempts: 3 });
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('gave up after 3 attempts');
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  test('a 429 waits as long as its Retry-After asks', async () => {
    const { client, waits } = setUp([
      { status: 429, fixture: 'http-429.json', headers: { 'retry-after': '7' } },
      OK_PRICES,
    ]);
    await client.simplePrice(['bitcoin']);
    expect(waits).toEqual([7000]);
  });

  test('a 429 asking to wait longer than allowed ends the request at once', async () => {
    const tooLong = { status: 429, fixture: 'http-429.json', headers: { 'retry-after': '120' } };
    const { client, requests, waits } = setUp([tooLong, OK_PRICES]);
    const error = await failure(client.simplePrice(['bitcoin']));
    expect(error).toMatchObject({ kind: 'http', status: 429, attempts: 1 });
    expect(error.message).toContain('exceeded the Rate Limit');
    expect(error.message).toContain('retry in 120 s');
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('a 404 is not retried', async () => {
    const { client, requests, waits } = setUp([
      { status: 404, fixture: 'http-404-coin-not-found.json' },
      OK_PRICES,
    ]);
    const error = await failure(client.simplePrice(['no-such-coin']));
    expect(error).toMatchObject({ kind: 'http', status: 404, attempts: 1 });
    expect(error.message).toContain('coin not found');
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('a network failure is retried', async () => {
    const { client, requests } = setUp([
      { networkError: 'getaddrinfo ENOTFOUND api.coingecko.com' },
      OK_PRICES,
    ]);
    await client.simplePrice(['bitcoin']);
    expect(requests).toHaveLength(2);
  });

  test('a source that never answers is a timeout error after every attempt timed out', async () => {
    const { client, requests, waits } = setUp(['hang', 'hang', 'hang'], { timeoutMs: 15 });
    const error = await failure(client.simplePrice(['bitcoin']));
    expect(error).toMatchObject({ kind: 'timeout', attempts: 3 });
    expect(error.message).toBe('CoinGecko /simple/price: no answer within 15 ms (gave up after 3 attempts)');
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  test('a truncated answer is malformed and not retried', async () => {
    const { client, requests } = setUp([{ status: 200, fixture: 'simple-price-truncated.txt' }, OK_PRICES]);
    const error = await failure(client.simplePrice(['bitcoin']));
    expect(error).toMatchObject({ kind: 'malformed', attempts: 1 });
    expect(error.message).toContain('not JSON');
    expect(requests).toHaveLength(1);
  });

  test('an answer of the wrong shape is malformed and names the field', async () => {
    const { client } = setUp([{ status: 200, fixture: 'simple-price-wrong-shape.json' }]);
    const error = await failure(client.simplePrice(['bitcoin']));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('bitcoin.usd');
  });

  test('cancelling a request that hangs ends it at once, without retries', async () => {
    const { client, requests } = setUp(['hang', OK_PRICES]);
    const controller = new AbortController();
    const pending = failure(client.simplePrice(['bitcoin'], { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  });
});

describe('marketChart', () => {
  test('reads the price points of the recorded chart', async () => {
    const { client, requests } = setUp([{ status: 200, fixture: 'market-chart-bitcoin-1d.json' }]);
    const chart = await client.marketChart('bitcoin', 1);
    expect(requests[0]?.url.pathname).toBe('/api/v3/coins/bitcoin/market_chart');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({
      vs_currency: 'usd',
      days: '1',
    });
    expect(chart.prices).toHaveLength(290);
    expect(chart.prices.at(-1)).toEqual([1767225590123, 67234.123456]);
  });

  test('a price given as a string is malformed', async () => {
    const { client } = setUp([{ status: 200, fixture: 'market-chart-wrong-shape.json' }]);
    const error = await failure(client.marketChart('bitcoin', 1));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('prices.0.1');
  });
});
