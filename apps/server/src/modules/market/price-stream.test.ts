import type { Quote } from '@candor/contracts/market';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type OpenStreams, type QuoteFeed, streamQuotes } from './price-stream.ts';

/** The stream's wire format, on a bare server with a hand-fed quote feed and a fast ping. */
const quote: Quote = {
  symbol: 'EURUSD',
  price: '1.08432',
  time: '2026-11-22T12:00:00.000Z',
  source: 'simulated',
  stale: false,
  change24hPercent: '-0.12',
};
let listener: ((q: Quote) => void) | undefined;
let unsubscribed = 0;
const feed: QuoteFeed = {
  quote: (symbol) => (symbol === 'EURUSD' ? quote : undefined),
  subscribe: (_symbols, given) => {
    listener = given;
    return () => {
      unsubscribed += 1;
      listener = undefined;
    };
  },
};
const open: OpenStreams = new Set();
// fetch may leave a spare connection open that never sends a request: close it with the server.
const app = Fastify({ forceCloseConnections: true });
app.get('/stream', async (_request, reply) => streamQuotes(reply, feed, ['EURUSD', 'GBPUSD'], open, 50));
let base: string;
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => app.close());

async function readUntil(
  reader: ReadableStreamDefaultReader<string>,
  done: (text: string) => boolean,
): Promise<string> {
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += chunk.value;
  }
  return text;
}

test('retry hint, current quotes, new quotes and pings, in the Server-Sent Events format', async () => {
  const aborter = new AbortController();
  const response = await fetch(`${base}/stream`, { signal: aborter.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const first = await readUntil(reader, (text) => text.includes('\n\n', text.indexOf('event:')));
  expect(first).toBe(`retry: 3000\n\nevent: quote\ndata: ${JSON.stringify(quote)}\n\n`);

  const later = { ...quote, price: '1.08440', time: '2026-11-22T12:00:01.000Z' };
  listener?.(later);
  const rest = await readUntil(reader, (text) => text.includes(': ping\n\n') && text.includes('1.08440'));
  expect(rest).toContain(`event: quote\ndata: ${JSON.stringify(later)}\n\n`);
  expect(rest).toContain(': ping\n\n');
  expect(open.size).toBe(1);

  aborter.abort();
  const deadline = Date.now() + 3000;
  while (open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(open.size).toBe(0);
  expect(unsubscribed).toBe(1);
});
