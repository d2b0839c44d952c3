import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import { computeBackoffMs, parseRetryAfterMs } from './backoff.ts';
import { CoinGeckoError } from './coingecko-error.ts';
import { MarketChartResponseSchema, SimplePriceResponseSchema } from './coingecko-schemas.ts';

export const COINGECKO_BASE_URL = 'https://api.coingecko.com/api/v3';

export type CoinGeckoClientOptions = {
  /** Defaults to the public API, COINGECKO_BASE_URL. */
  baseUrl?: string;
  /** A demo API key, sent as `x-cg-demo-api-key`; the public API also works without one. */
  apiKey?: string;
  /** Tests pass a fake that serves recorded answers. */
  fetch?: typeof fetch;
  /** Per attempt, including reading the body. Default 5 s. */
  timeoutMs?: number;
  /** Attempts per request, the first included. Default 3. */
  maxAttempts?: number;
  /** First backoff wait; doubles each retry, with jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Longest wait between attempts: a Retry-After asking for more ends the request. Default 30 s. */
  maxDelayMs?: number;
  /** Tests pass one that records the waits instead of waiting. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => Date;
};

export type RequestOptions = { signal?: AbortSignal };

export type SimplePrice = { usd: number; usd_24h_change?: number; last_updated_at?: number };
/** `[unix milliseconds, price in USD]` pairs, oldest first. */
export type MarketChart = { prices: [number, number][] };

export type CoinGeckoClient = {
  /** USD prices by coin id; ids CoinGecko does not know (or has no USD price for) are absent. */
  simplePrice(ids: readonly string[], options?: RequestOptions): Promise<Map<string, SimplePrice>>;
  /** Price history: 5-minute points for 1 day, hourly up to 90 days, daily beyond. */
  marketChart(id: string, days: number | 'max', options?: RequestOptions): Promise<MarketChart>;
};

/** Every method throws a CoinGeckoError when the request fails after its retries. */
export function createCoinGeckoClient(options: CoinGeckoClientOptions = {}): CoinGeckoClient {
  const get = createGetter(options);
  return {
    async simplePrice(ids, requestOptions) {
      const query = {
        ids: ids.join(','),
        vs_currencies: 'usd',
        include_24hr_change: 'true',
        include_last_updated_at: 'true',
      };
      const body = await get('/simple/price', query, SimplePriceResponseSchema, requestOptions?.signal);
      const prices = new Map<string, SimplePrice>();
      for (const [id, entry] of Object.entries(body)) {
        if (entry.usd === undefined) continue;
        prices.set(id, {
          usd: entry.usd,
          ...(entry.usd_24h_change != null && { usd_24h_change: entry.usd_24h_change }),
          ...(entry.last_updated_at !== undefined && { last_updated_at: entry.last_updated_at }),
        });
      }
      return prices;
    },
    async marketChart(id, days, requestOptions) {
      const path = `/coins/${encodeURIComponent(id)}/market_chart`;
      const query = { vs_currency: 'usd', days: String(days) };
      return get(path, query, MarketChartResponseSchema, requestOptions?.signal);
    },
  };
}

type Attempt<T> = { ok: true; value: T } | { ok: false; error: CoinGeckoError; retryAfterMs?: number };

function createGetter(options: CoinGeckoClientOptions) {
  const baseUrl = (options.baseUrl ?? COINGECKO_BASE_URL).replace(/\/$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-cg-demo-api-key'] = options.apiKey;

  async function attemptOnce<T>(
    path: string,
    url: string,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const failure = (cause: unknown): Attempt<T> => {
      if (signal?.aborted)
        return { ok: false, error: new CoinGeckoError('aborted', `CoinGecko ${path}: cancelled`) };
      if (timeout.aborted) {
        const message = `CoinGecko ${path}: no answer within ${timeoutMs} ms`;
        return { ok: false, error: new CoinGeckoError('timeout', message, { cause }) };
      }
      const reason = cause instanceof Error ? cause.message : String(cause);
      const message = `CoinGecko ${path}: network error (${reason})`;
      return { ok: false, error: new CoinGeckoError('network', message, { cause }) };
    };
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, { headers, signal: combined });
      text = await response.text();
    } catch (cause) {
      return failure(cause);
    }
    if (!response.ok) {
      const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200);
      const message = `CoinGecko ${path}: HTTP ${response.status}${snippet ? `: ${snippet}` : ''}`;
      const error = new CoinGeckoError('http', message, { status: response.status });
      return {
        ok: false,
        error,
        retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after'), now()),
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      const message = `CoinGecko ${path}: the answer is not JSON (${text.slice(0, 80)}…)`;
      return { ok: false, error: new CoinGeckoError('malformed', message, { cause }) };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      const message = `CoinGecko ${path}: unexpected answer shape (${issues})`;
      return { ok: false, error: new CoinGeckoError('malformed', message, { cause: parsed.error }) };
    }
    return { ok: true, value: parsed.data };
  }

  return async function get<T>(
    path: string,
    query: Record<string, string>,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const url = `${baseUrl}${path}?${new URLSearchParams(query)}`;
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptOnce(path, url, schema, signal);
      if (outcome.ok) return outcome.value;
      const { error } = outcome;
      if (!error.retryable || attempt >= maxAttempts) throw error.withAttempts(attempt);
      const wait = outcome.retryAfterMs ?? computeBackoffMs(attempt, baseDelayMs, random);
      if (wait > maxDelayMs) {
        const seconds = Math.ceil(wait / 1000);
        throw new CoinGeckoError(error.kind, `${error.message}; asked to retry in ${seconds} s, too late`, {
          status: error.status,
          attempts: attempt,
        });
      }
      try {
        await sleep(wait, signal);
      } catch (cause) {
        throw new CoinGeckoError('aborted', `CoinGecko ${path}: cancelled`, { cause, attempts: attempt });
      }
      if (signal?.aborted)
        throw new CoinGeckoError('aborted', `CoinGecko ${path}: cancelled`, { attempts: attempt });
    }
  };
}
