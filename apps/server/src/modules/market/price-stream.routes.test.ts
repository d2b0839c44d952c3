import { type Quote, QuoteSchema } from '@candor/contracts/market';
import { INSTRUMENTS } from '@candor/domain/market/instruments';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSessionCookie, insertSignedInUser, insertUser, SESSION_COOKIE } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The live price stream, read as a browser reads it: over a real connection (inject would wait
 * for the end of a response that never ends).
 */
let t: TestApp;
let base: string;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ MARKET_TICK_MS: '100' });
  const user = await insertUser(t.db);
  cookie = `${SESSION_COOKIE}=${await createSessionCookie(t.db, user.id)}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  // An aborted fetch can leave a spare connection that never sends a request; do not wait for it.
  t.app.server.closeAllConnections();
  await t.close();
});

type StreamEvent = { event: string; data: string };

function readerOf(response: Response): ReadableStreamDefaultReader<string> {
  return response.body!.pipeThrough(new TextDecoderStream()).getReader();
}

/** Reads Server-Sent Events until `enough` says so; the connection stays open. */
async function readEvents(
  reader: ReadableStreamDefaultReader<string>,
  enough: (events: StreamEvent[]) => boolean,
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  let buffer = '';
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data });
      end = buffer.indexOf('\n\n');
    }
  }
  return events;
}

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('the stream sends the current quotes, then each new tick, and unsubscribes when the client leaves', async () => {
  const aborter = new AbortController();
  // The app's own listeners (the stop-out monitor) are there before the stream.
  const before = t.app.market.live.listenerCount;
  const response = await fetch(`${base}/api/prices/stream?symbols=BTCUSD,eurusd`, {
    headers: { cookie },
    signal: aborter.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('x-accel-buffering')).toBe('no');
  expect(t.app.market.live.listenerCount).toBe(before + 1);

  const quotesOf = (events: StreamEvent[], symbol: string) =>
    events
      .filter((e) => e.event === 'quote')
      .map((e) => QuoteSchema.parse(JSON.parse(e.data)))
      .filter((q) => q.symbol === symbol);
  const events = await readEvents(readerOf(response), (seen) => quotesOf(seen, 'BTCUSD').length >= 2);
  const btc: Quote[] = quotesOf(events, 'BTCUSD');
  expect(btc[0]).toMatchObject({ symbol: 'BTCUSD', source: 'simulated', stale: false });
  expect(quotesOf(events, 'EURUSD').length).toBeGreaterThanOrEqual(1);
  // Later ticks are newer than the first quote.
  expect(Date.parse(btc.at(-1)!.time)).toBeGreaterThan(Date.parse(btc[0]!.time));
  expect(events.every((e) => e.event === 'quote')).toBe(true);
  expect(new Set(quotesOf(events, 'GBPUSD'))).toEqual(new Set());

  aborter.abort();
  await waitFor(() => t.app.market.live.listenerCount === before);
});

test('a stream for unknown symbols, none or too many is refused with 400', async () => {
  const { browser } = await insertSignedInUser(t);
  const tooMany = INSTRUMENTS.slice(0, 21).map((spec) => spec.symbol);
  for (const query of ['symbols=BTCUSD,NOPE', 'symbols=', 'symbols=,', '', `symbols=${tooMany.join(',')}`]) {
    const res = await browser.request({ method: 'GET', url: `/api/prices/stream?${query}` });
    expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    expect(res.json().code).toBe('VALIDATION_FAILED');
  }
  const unknown = await browser.request({ method: 'GET', url: '/api/prices/stream?symbols=BTCUSD,NOPE' });
  expect(unknown.json().message).toBe('Unknown instrument: NOPE');
  const crowded = await browser.request({
    method: 'GET',
    url: `/api/prices/stream?symbols=${tooMany.join(',')}`,
  });
  expect(crowded.json().message).toBe('symbols: at most 20 instruments per stream');
  const twenty = tooMany.slice(0, 20).join(',');
  expect(t.app.market.requireStreamSymbols(twenty.split(','))).toHaveLength(20);
});

test('an anonymous stream request is refused at once', async () => {
  const response = await fetch(`${base}/api/prices/stream?symbols=BTCUSD`);
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
});

test('closing the server ends the open streams instead of waiting for them', async () => {
  const other = await createTestApp({ MARKET_TICK_MS: '100' });
  const user = await insertUser(other.db);
  const before = other.app.market.live.listenerCount;
  await other.app.listen({ port: 0, host: '127.0.0.1' });
  const address = other.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const response = await fetch(`http://127.0.0.1:${port}/api/prices/stream?symbols=AAPL`, {
    headers: { cookie: `${SESSION_COOKIE}=${await createSessionCookie(other.db, user.id)}` },
  });
  await readEvents(readerOf(response), (seen) => seen.length >= 1);
  expect(other.app.market.live.listenerCount).toBe(before + 1);
  const started = Date.now();
  await other.close();
  expect(Date.now() - started).toBeLessThan(5000);
  expect(other.app.market.live.listenerCount).toBe(0);
});
