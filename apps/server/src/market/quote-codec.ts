import { PriceSourceIdSchema, type Quote } from '@candor/contracts/market';
import { z } from 'zod';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; stay well below. */
export const MAX_PAYLOAD_BYTES = 7500;

/** One quote as a compact row: [symbol, price, time in ms, change24h, source, stale 0/1]. */
const RowSchema = z.tuple([
  z.string(),
  z.string(),
  z.number().int(),
  z.string().nullable(),
  PriceSourceIdSchema,
  z.union([z.literal(0), z.literal(1)]),
]);
const BatchSchema = z.array(RowSchema);
type Row = z.infer<typeof RowSchema>;

function toRow(q: Quote): Row {
  return [q.symbol, q.price, Date.parse(q.time), q.change24hPercent, q.source, q.stale ? 1 : 0];
}

/** A batch of quotes as compact JSON payloads, each under MAX_PAYLOAD_BYTES. */
export function encodeQuoteBatch(quotes: readonly Quote[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  let rows: string[] = [];
  let size = 2;
  for (const quote of quotes) {
    const row = JSON.stringify(toRow(quote));
    const rowBytes = Buffer.byteLength(row) + 1;
    if (rowBytes + 2 > maxBytes) throw new Error(`A quote of ${quote.symbol} does not fit in a payload`);
    if (size + rowBytes > maxBytes) {
      payloads.push(`[${rows.join(',')}]`);
      rows = [];
      size = 2;
    }
    rows.push(row);
    size += rowBytes;
  }
  if (rows.length > 0) payloads.push(`[${rows.join(',')}]`);
  return payloads;
}

/** The quotes of one payload; undefined when it is not a quote batch. */
export function decodeQuoteBatch(payload: string): Quote[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = BatchSchema.safeParse(json);
  if (!parsed.success) return undefined;
  return parsed.data.map(([symbol, price, time, change24hPercent, source, stale]) => ({
    symbol,
    price,
    time: new Date(time).toISOString(),
    source,
    stale: stale === 1,
    change24hPercent,
  }));
}
