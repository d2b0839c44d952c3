import type { Quote } from '@candor/contracts/market';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createManualClock } from '../../test/manual-clock.ts';
import { createSimulatedLiveMarket } from '../../test/simulated-live-market.ts';
import { createPriceStreamHub, type QuoteFeed, type StreamSink } from './price-stream.ts';

/** The stream's wire format and fan-out, on a bare server or on stand-in sinks, with a hand-fed feed. */
const quote: Quote = {
  symbol: 'EURUSD',
  price: '1.08432',
  time: '2026-11-22T12:00:00.000Z',
  source: 'simulated',
  stale: false,
  change24hPercent: '-0.12',
};

type HandFedFeed = QuoteFeed & {
  /** Hands a batch to the subscribers, as the live market does, and lets the hub send it. */
  emit(quotes: Quote[]): Promise<void>;
  readonly subscriptions: number;
};

function createHandFedFeed(current: Quote[] = [quote]): HandFedFeed {
  const subscribers = new Set<{ symbols: readonly string[]; listener: (q: Quote) => void }>();
  return {
    quote: (symbol) => current.find((q) => q.symbol === symbol),
    subscribe(symbols, listener) {
      const entry = { symbols, listener };
      subscribers.add(entry);
      return () => subscribers.delete(entry);
    },
    async emit(quotes) {
      for (const q of quotes) {
        for (const s of subscribers) if (s.symbols.includes(q.symbol)) s.listener(q);
      }
      await Promise.resolve();
    },
    get subscriptions() {
      return subscribers.size;
    },
  };
}

/** A connection that records what it is sent; `stalled` makes it report a full buffer. */
function createSink(): StreamSink & {
  chunks: Buffer[];
  stalled: boolean;
  destroyed: boolean;
  ended: boolean;
} {
  const sink = {
    chunks: [] as Buffer[],
    stalled: false,
    destroyed: false,
    ended: false,
    get writableLength() {
      return sink.stalled ? 1_000_000 : 0;
    },
    write(chunk: Buffer) {
      sink.chunks.push(chunk);
      return true;
    },
    end() {
      sink.ended = true;
      return sink;
    },
    destroy() {
      sink.destroyed = true;
      return sink;
    },
  };
  return sink as typeof sink & StreamSink;
}

const tick = (symbol: string, price: string, second: number): Quote => ({
  ...quote,
  symbol,
  price,
  time: new Date(Date.UTC(2026, 10, 22, 12, 0, second)).toISOString(),
});

const feed = createHandFedFeed();
const hub = createPriceStreamHub(feed, { pingIntervalMs: 50 });
// fetch may leave a spare connection open that never sends a request: close it with the server.
const app = Fastify({ forceCloseConnections: true });
app.get('/stream', async (_request, reply) => hub.stream(reply, ['EURUSD', 'GBPUSD']));
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

async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

test('retry hint, current quotes, new quotes and pings, in the Server-Sent Events format', async () => {
  const aborter = new AbortController();
  const response = await fetch(`${base}/stream`, { signal: aborter.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const first = await readUntil(reader, (text) => text.includes('\n\n', text.indexOf('event:')));
  expect(first).toBe(`retry: 3000\n\nevent: quote\ndata: ${JSON.stringify(quote)}\n\n`);

  const later = tick('EURUSD', '1.08440', 1);
  await feed.emit([later]);
  const rest = await readUntil(reader, (text) => text.includes(': ping\n\n') && text.includes('1.08440'));
  expect(rest).toContain(`event: quote\ndata: ${JSON.stringify(later)}\n\n`);
  expect(rest).toContain(': ping\n\n');
  expect(hub.stats().clients).toBe(1);
  expect(feed.subscriptions).toBe(1);

  aborter.abort();
  await waitFor(() => hub.stats().clients === 0);
  expect(feed.subscriptions).toBe(0);
});

test('two clients of the same symbols receive byte-identical ticks over HTTP', async () => {
  const aborters = [new AbortController(), new AbortController()];
  const readers = await Promise.all(
    aborters.map(async (aborter) => {
      const response = await fetch(`${base}/stream`, { signal: aborter.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      await readUntil(reader, (text) => text.includes('event:'));
      return reader;
    }),
  );
  await waitFor(() => hub.stats().clients === 2);
  expect(hub.stats().groups).toBe(1);
  await feed.emit([tick('GBPUSD', '1.26001', 2), tick('EURUSD', '1.08450', 2)]);
  const received = await Promise.all(
    readers.map((reader) => readUntil(reader, (text) => text.includes('1.08450'))),
  );
  expect(received[0]).toContain('1.26001');
  expect(received[1]).toBe(received[0]);
  for (const aborter of aborters) aborter.abort();
  await waitFor(() => hub.stats().clients === 0);
});

test('each quote is serialised once per tick and every client of a symbol set gets the same Buffer', async () => {
  const local = createHandFedFeed([]);
  const localHub = createPriceStreamHub(local);
  const pairs = Array.from({ length: 50 }, () => createSink());
  const singles = Array.from({ length: 50 }, () => createSink());
  const detach = [
    ...pairs.map((sink, i) => localHub.attach(sink, i % 2 ? ['BTCUSD', 'EURUSD'] : ['EURUSD', 'BTCUSD'])),
    ...singles.map((sink) => localHub.attach(sink, ['BTCUSD'])),
  ];
  expect(localHub.stats()).toMatchObject({ clients: 100, groups: 2 });
  expect(local.subscriptions).toBe(2);

  await local.emit([tick('BTCUSD', '97000.10', 1), tick('EURUSD', '1.08432', 1)]);
  expect(localHub.stats().framesSerialised).toBe(2);
  const pairTick = pairs[0]!.chunks[1]!;
  const singleTick = singles[0]!.chunks[1]!;
  for (const sink of pairs) expect(sink.chunks[1]).toBe(pairTick);
  for (const sink of singles) expect(sink.chunks[1]).toBe(singleTick);
  expect(pairTick.toString()).toBe(
    `event: quote\ndata: ${JSON.stringify(tick('BTCUSD', '97000.10', 1))}\n\n` +
      `event: quote\ndata: ${JSON.stringify(tick('EURUSD', '1.08432', 1))}\n\n`,
  );

  await local.emit([tick('BTCUSD', '97000.20', 2)]);
  expect(localHub.stats().framesSerialised).toBe(3);
  expect(pairs[7]!.chunks[2]).toBe(singles[9]!.chunks[2]);

  for (const close of detach) close();
  expect(localHub.stats()).toMatchObject({ clients: 0, groups: 0 });
  expect(local.subscriptions).toBe(0);
});

test('on the live market, a page that leaves does not stop the ticks of the pages with other symbol sets', async () => {
  const market = createSimulatedLiveMarket({
    clock: createManualClock(new Date('2026-11-26T13:00:00Z')),
    symbols: ['BTCUSD', 'EURUSD'],
  });
  await market.live.start();
  await market.live.settle();
  const liveHub = createPriceStreamHub(market.live);
  const dashboard = createSink();
  const tradesPage = createSink();
  liveHub.attach(dashboard, ['BTCUSD', 'EURUSD']);
  const leave = liveHub.attach(tradesPage, ['BTCUSD']);
  const tickAt = async (iso: string) => {
    await market.tickAt(iso);
    await Promise.resolve(); // the hub sends a tick's quotes together, in a microtask
  };
  await tickAt('2026-11-26T13:00:01Z');
  expect(dashboard.chunks.at(-1)?.toString()).toContain('"symbol":"BTCUSD"');
  leave();
  await tickAt('2026-11-26T13:00:02Z');
  const last = dashboard.chunks.at(-1)?.toString() ?? '';
  expect(last).toContain('"symbol":"BTCUSD"');
  expect(last).toContain('"time":"2026-11-26T13:00:02.000Z"');
  await market.live.stop();
});

test('a client that stopped reading is dropped at the next frame; the others go on', async () => {
  const local = createHandFedFeed([]);
  const localHub = createPriceStreamHub(local);
  const slow = createSink();
  const fast = createSink();
  localHub.attach(slow, ['BTCUSD']);
  localHub.attach(fast, ['BTCUSD']);
  slow.stalled = true;
  await local.emit([tick('BTCUSD', '97000.10', 1)]);
  expect(slow.destroyed).toBe(true);
  expect(slow.chunks).toHaveLength(1); // the retry hint only
  expect(localHub.stats()).toMatchObject({ clients: 1, dropped: 1 });
  await local.emit([tick('BTCUSD', '97000.20', 2)]);
  expect(fast.chunks).toHaveLength(3);
});

test('one timer pings every client, and it stops with the last one', () => {
  vi.useFakeTimers();
  try {
    const localHub = createPriceStreamHub(createHandFedFeed([]), { pingIntervalMs: 1000 });
    const sinks = Array.from({ length: 3 }, () => createSink());
    const detach = sinks.map((sink) => localHub.attach(sink, ['BTCUSD']));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1000);
    for (const sink of sinks) expect(sink.chunks.at(-1)?.toString()).toBe(': ping\n\n');
    expect(sinks[0]!.chunks.at(-1)).toBe(sinks[2]!.chunks.at(-1));
    for (const close of detach) close();
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});

test('closing ends every stream', () => {
  const localHub = createPriceStreamHub(createHandFedFeed([]));
  const sinks = Array.from({ length: 3 }, () => createSink());
  for (const sink of sinks) localHub.attach(sink, ['BTCUSD']);
  localHub.closeAll();
  expect(sinks.every((sink) => sink.ended)).toBe(true);
  expect(localHub.stats().clients).toBe(0);
});
