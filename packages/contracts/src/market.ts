import { INSTRUMENT_CLASSES } from '@candor/domain/market/instrument';
import { z } from 'zod';

/**
 * Market data on the wire. Prices are exact decimal strings with the instrument's precision
 * ("67234.12", "1.08432"); times are Unix seconds (UTC) for candles and ISO strings for quotes.
 */

export const InstrumentClassSchema = z.enum(INSTRUMENT_CLASSES);
export type InstrumentClass = z.infer<typeof InstrumentClassSchema>;

export const InstrumentSchema = z
  .object({
    symbol: z.string(),
    class: InstrumentClassSchema,
    name: z.string(),
    pricePrecision: z.number().int().min(0).max(10),
  })
  .meta({ id: 'Instrument' });
export type Instrument = z.infer<typeof InstrumentSchema>;

export const InstrumentListSchema = z
  .object({ items: z.array(InstrumentSchema) })
  .meta({ id: 'InstrumentList' });

export const PRICE_SOURCE_IDS = ['simulated', 'coingecko'] as const;
export const PriceSourceIdSchema = z.enum(PRICE_SOURCE_IDS);
export type PriceSourceId = z.infer<typeof PriceSourceIdSchema>;

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export const CandleIntervalSchema = z.enum(CANDLE_INTERVALS);
export type CandleInterval = z.infer<typeof CandleIntervalSchema>;

/** A price as the wire carries it: exact decimals (candles, ticks, trades, spreads). */
export const PriceSchema = z.string().regex(/^\d+(\.\d+)?$/);

export const CandleSchema = z
  .object({
    /** Start of the interval, Unix seconds UTC. */
    time: z.number().int(),
    open: PriceSchema,
    high: PriceSchema,
    low: PriceSchema,
    close: PriceSchema,
  })
  .meta({ id: 'Candle' });
export type Candle = z.infer<typeof CandleSchema>;

export const CandlesQuerySchema = z.object({
  interval: CandleIntervalSchema.default('1h'),
  /** Unix seconds; defaults to 300 intervals before `to`. */
  from: z.coerce.number().int().min(0).optional(),
  /** Unix seconds; defaults to now. */
  to: z.coerce.number().int().min(0).optional(),
});

export const CandlesResponseSchema = z
  .object({
    symbol: z.string(),
    interval: CandleIntervalSchema,
    source: PriceSourceIdSchema,
    candles: z.array(CandleSchema),
  })
  .meta({ id: 'CandlesResponse' });
export type CandlesResponse = z.infer<typeof CandlesResponseSchema>;

export const QuoteSchema = z
  .object({
    symbol: z.string(),
    price: PriceSchema,
    /** When the price was observed (ISO 8601). */
    time: z.string(),
    source: PriceSourceIdSchema,
    /** True when the source has not answered recently: trading on it is refused. */
    stale: z.boolean(),
    /** Change over 24 hours in percent, two decimals, signed ("-1.25"); null when unknown. */
    change24hPercent: z.string().nullable(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof QuoteSchema>;

export const SIGNAL_DIRECTIONS = ['strong_sell', 'sell', 'neutral', 'buy', 'strong_buy'] as const;
export const SignalDirectionSchema = z.enum(SIGNAL_DIRECTIONS);
export type SignalDirection = z.infer<typeof SignalDirectionSchema>;

export const SignalRatingSchema = z
  .object({
    symbol: z.string(),
    /** 0 = every indicator says sell, 100 = every indicator says buy, 50 = neutral. */
    rating: z.number().int().min(0).max(100),
    direction: SignalDirectionSchema,
    interval: CandleIntervalSchema,
    /** Unix seconds: when the last (closed) candle used closed, the rating's time. */
    asOf: z.number().int(),
  })
  .meta({ id: 'SignalRating' });
export type SignalRating = z.infer<typeof SignalRatingSchema>;

/** Server-Sent Events of GET /api/prices/stream: `event: quote`, `data: <Quote JSON>`. */
export const PRICE_STREAM_EVENT = 'quote';
