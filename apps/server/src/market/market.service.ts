import {
  type CandleInterval,
  type CandlesResponse,
  CandlesResponseSchema,
  type Instrument,
  type Quote,
} from '@candor/contracts/market';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import type { SimulationSettings } from '@candor/domain/market/simulated-market';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { plainCandleList } from './candle-list.ts';
import { resolveCandleRange } from './candle-range.ts';
import { insertMinuteCandles, readStoredCandles } from './candles.repository.ts';
import { createLiveMarket, type LiveMarket, type QuoteListener } from './live-market.ts';
import type { MarketLogger } from './market-logger.ts';
import type { SourcePlan } from './market-sources.ts';
import type { QuoteBus } from './quote-bus.ts';
import { createSimulatedHistory } from './simulated-history.ts';

/** The answer's fields other than its candles, checked before they are sent. */
const CandlesHeadSchema = CandlesResponseSchema.omit({ candles: true });

/** Symbols one price stream may follow. */
export const MAX_STREAM_SYMBOLS = 20;

export type MarketServiceOptions = {
  db: Db;
  instruments: readonly InstrumentSpec[];
  settings: SimulationSettings;
  plan: SourcePlan;
  bus: QuoteBus;
  clock: Clock;
  tickMs: number;
  logger: MarketLogger;
};

export type CandlesQuery = { interval: CandleInterval; from?: number | undefined; to?: number | undefined };

/** Every price in Candor comes from here: instruments, live quotes and candles (signal ratings: modules/signals/signal-ratings.ts). */
export type MarketService = {
  start(): Promise<void>;
  stop(): Promise<void>;
  live: LiveMarket;
  listInstruments(): Instrument[];
  /** The instrument of a symbol in any letter case, or undefined. */
  findInstrument(symbol: string): InstrumentSpec | undefined;
  /** The instrument of a symbol in any letter case; NOT_FOUND "Unknown instrument" otherwise. */
  requireInstrument(symbol: string): InstrumentSpec;
  /** The latest quote of a known instrument, or undefined while its source has not answered (or the symbol is unknown). */
  findQuote(symbol: string): Quote | undefined;
  /** The latest quote while its source is answering (not stale), or undefined: nothing may be priced without one. */
  findFreshQuote(symbol: string): Quote | undefined;
  /** The latest quote; NOT_FOUND for an unknown symbol or one whose source has not answered yet. */
  requireQuote(symbol: string): Quote;
  /** Checks the symbols of a stream (1 to MAX_STREAM_SYMBOLS known ones) and returns them as listed. */
  requireStreamSymbols(symbols: readonly string[]): string[];
  subscribe(symbols: readonly string[], listener: QuoteListener): () => void;
  readCandles(symbol: string, query: CandlesQuery): Promise<CandlesResponse>;
  /**
   * The same answer as readCandles, already serialised (CandlesResponse JSON): closed candles are
   * serialised once, by blocks, and sent as they were (docs/decisions/035-candles.md).
   */
  readCandlesJson(symbol: string, query: CandlesQuery): Promise<string>;
};

export function createMarketService(options: MarketServiceOptions): MarketService {
  const { db, instruments, settings, plan, clock } = options;
  const bySymbol = new Map(instruments.map((spec) => [spec.symbol, spec]));
  const history = createSimulatedHistory(settings);
  const live = createLiveMarket({
    createSources: () => plan.createSources(),
    fallbackTick: (symbol) => {
      const spec = bySymbol.get(symbol);
      return spec ? plan.simulatedTickNow(spec) : undefined;
    },
    bus: options.bus,
    saveMinutes: (minutes) => insertMinuteCandles(db, minutes),
    clock,
    tickMs: options.tickMs,
    logger: options.logger,
  });

  function findInstrument(symbol: string): InstrumentSpec | undefined {
    return bySymbol.get(symbol.toUpperCase());
  }

  function requireInstrument(symbol: string): InstrumentSpec {
    const spec = findInstrument(symbol);
    if (!spec) throw new AppError('NOT_FOUND', 'Unknown instrument');
    return spec;
  }

  function findQuote(symbol: string): Quote | undefined {
    const spec = findInstrument(symbol);
    return spec ? live.quote(spec.symbol) : undefined;
  }

  async function readCandleList(symbol: string, query: CandlesQuery) {
    const spec = requireInstrument(symbol);
    const nowSeconds = Math.floor(clock().getTime() / 1000);
    const range = resolveCandleRange(query, nowSeconds);
    if (!range.ok) throw new AppError('VALIDATION_FAILED', range.error);
    const source = plan.sourceIdOf(spec.symbol);
    const list =
      source === 'simulated'
        ? await history.read(spec, query.interval, range.value, nowSeconds)
        : plainCandleList(await readStoredCandles(db, spec.symbol, query.interval, range.value));
    return { symbol: spec.symbol, interval: query.interval, source, list };
  }

  async function readCandles(symbol: string, query: CandlesQuery): Promise<CandlesResponse> {
    const { list, ...rest } = await readCandleList(symbol, query);
    return { ...rest, candles: list.toArray() };
  }

  return {
    start: () => live.start(),
    stop: () => live.stop(),
    live,
    listInstruments: () =>
      instruments.map((spec) => ({
        symbol: spec.symbol,
        class: spec.class,
        name: spec.name,
        pricePrecision: spec.pricePrecision,
      })),
    findInstrument,
    requireInstrument,
    findQuote,
    findFreshQuote(symbol) {
      const quote = findQuote(symbol);
      return quote && !quote.stale ? quote : undefined;
    },
    requireQuote(symbol) {
      const spec = requireInstrument(symbol);
      const quote = live.quote(spec.symbol);
      if (!quote)
        throw new AppError('NOT_FOUND', `No price for ${spec.symbol} yet: its source has not answered`);
      return quote;
    },
    requireStreamSymbols(symbols) {
      const unique = [...new Set(symbols.map((s) => s.trim()).filter((s) => s.length > 0))];
      if (unique.length === 0)
        throw new AppError('VALIDATION_FAILED', 'symbols: name at least one instrument');
      if (unique.length > MAX_STREAM_SYMBOLS) {
        throw new AppError(
          'VALIDATION_FAILED',
          `symbols: at most ${MAX_STREAM_SYMBOLS} instruments per stream`,
        );
      }
      const unknown = unique.filter((s) => !bySymbol.has(s.toUpperCase()));
      if (unknown.length > 0)
        throw new AppError('VALIDATION_FAILED', `Unknown instrument: ${unknown.join(', ')}`);
      return [...new Set(unique.map((s) => s.toUpperCase()))];
    },
    subscribe: (symbols, listener) => live.subscribe(symbols, listener),
    readCandles,
    async readCandlesJson(symbol, query) {
      const { list, ...rest } = await readCandleList(symbol, query);
      // The head is small and checked by the contract; the candles were built by the server.
      const head = JSON.stringify(CandlesHeadSchema.parse(rest));
      return `${head.slice(0, -1)},"candles":${list.toJson()}}`;
    },
  };
}
