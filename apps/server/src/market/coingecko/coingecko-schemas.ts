import { z } from 'zod';

/**
 * GET /simple/price?ids=…&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true
 * answers `{ "bitcoin": { "usd": 67234.12, "usd_24h_change": -1.23, "last_updated_at": 1767225590 } }`.
 * An unknown id is left out; an id without a USD price may come back as `{}`.
 */
export const SimplePriceResponseSchema = z.record(
  z.string(),
  z.object({
    usd: z.number().positive().optional(),
    usd_24h_change: z.number().nullable().optional(),
    last_updated_at: z.number().int().positive().optional(),
  }),
);

/** GET /coins/{id}/market_chart?vs_currency=usd&days=… : `prices` are `[unix ms, price]` pairs. */
export const MarketChartResponseSchema = z.object({
  prices: z.array(z.tuple([z.number(), z.number()])),
});
