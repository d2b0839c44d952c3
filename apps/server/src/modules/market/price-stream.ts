import { PassThrough } from 'node:stream';
import { PRICE_STREAM_EVENT, type Quote } from '@candor/contracts/market';
import type { FastifyReply } from 'fastify';
import type { LiveMarket } from '../../market/live-market.ts';

/** What a stream reads: the current quotes and the new ones. */
export type QuoteFeed = Pick<LiveMarket, 'quote' | 'subscribe'>;

/** A comment line every 15 s keeps proxies from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** How long a browser waits before reconnecting after a drop (EventSource reconnects by itself). */
const RETRY_MS = 3000;
/** A client that stopped reading is dropped once this much waits for it; its browser reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export type OpenStreams = Set<() => void>;

function quoteEvent(quote: Quote): string {
  return `event: ${PRICE_STREAM_EVENT}\ndata: ${JSON.stringify(quote)}\n\n`;
}

/**
 * Answers with a Server-Sent Events stream of the symbols' quotes: first the current ones, then
 * each new one. The subscription ends when the client goes away or the server closes.
 */
export function streamQuotes(
  reply: FastifyReply,
  feed: QuoteFeed,
  symbols: readonly string[],
  open: OpenStreams,
  pingIntervalMs = PING_INTERVAL_MS,
): FastifyReply {
  const stream = new PassThrough();
  const send = (text: string) => {
    if (stream.writableEnded || stream.destroyed) return;
    if (stream.writableLength > MAX_BUFFERED_BYTES) close();
    else stream.write(text);
  };
  send(`retry: ${RETRY_MS}\n\n`);
  for (const symbol of symbols) {
    const quote = feed.quote(symbol);
    if (quote) send(quoteEvent(quote));
  }
  const unsubscribe = feed.subscribe(symbols, (quote) => send(quoteEvent(quote)));
  const ping = setInterval(() => send(': ping\n\n'), pingIntervalMs);
  function close(): void {
    if (!open.delete(close)) return;
    clearInterval(ping);
    unsubscribe();
    stream.end();
  }
  open.add(close);
  reply.raw.once('close', close);
  return reply
    .header('content-type', 'text/event-stream')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
