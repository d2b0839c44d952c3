import { PRICE_STREAM_EVENT, type Quote } from '@candor/contracts/market';
import type { FastifyReply } from 'fastify';
import type { LiveMarket } from '../../market/live-market.ts';

/** What a stream reads: the current quotes and the new ones. */
export type QuoteFeed = Pick<LiveMarket, 'quote' | 'subscribe'>;

/** A comment line every 15 s keeps proxies from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/**
 * A client whose connection holds this many unsent bytes when a frame is due has stopped
 * reading: it is dropped (its browser reconnects and starts again from the current quotes).
 * The waiting frames are the hub's shared buffers, so a slow client costs references, not copies.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;
/** How long a browser waits before reconnecting after a drop (EventSource reconnects by itself). */
const RETRY_MS = 3000;

const RETRY = Buffer.from(`retry: ${RETRY_MS}\n\n`);
const PING = Buffer.from(': ping\n\n');

/** Where a stream's bytes go: the connection's socket once the response's head is out (tests pass a stand-in). */
export type StreamSink = {
  write(chunk: Buffer): unknown;
  end(): unknown;
  destroy(): unknown;
  readonly writableLength: number;
};

export type PriceStreamHubOptions = {
  pingIntervalMs?: number;
  maxBufferedBytes?: number;
};

export type PriceStreamStats = {
  /** Streams open now. */
  clients: number;
  /** Distinct symbol sets among them (each is one subscription to the feed). */
  groups: number;
  /** Quotes turned into Server-Sent Events text since the hub started (once per quote). */
  framesSerialised: number;
  /** Streams ended because their client stopped reading. */
  dropped: number;
};

export type PriceStreamHub = {
  /** Answers the request with a Server-Sent Events stream of the symbols' quotes. */
  stream(reply: FastifyReply, symbols: readonly string[]): FastifyReply;
  /**
   * Starts a stream on a sink: the current quotes at once, then each tick. Returns the function
   * to call when the connection closes.
   */
  attach(sink: StreamSink, symbols: readonly string[]): () => void;
  /** Ends every open stream (the server is closing). */
  closeAll(): void;
  stats(): PriceStreamStats;
};

type Client = { sink: StreamSink; group: Group };
type Group = {
  key: string;
  symbols: ReadonlySet<string>;
  clients: Set<Client>;
  unsubscribe: () => void;
};

/**
 * The live price stream of one server. Clients that asked for the same symbols form a group with
 * one subscription to the feed; each tick's quotes are serialised once (one frame per quote),
 * each group's frames are joined once, and the same Buffer is written to every client of the
 * group. One timer pings every client. Nothing per client but its response and its group entry.
 */
export function createPriceStreamHub(feed: QuoteFeed, options: PriceStreamHubOptions = {}): PriceStreamHub {
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const groups = new Map<string, Group>();
  /** The frame of each quote object, made once however many clients receive it. */
  const frames = new WeakMap<Quote, Buffer>();
  /** Quotes of the current tick, sent together once the feed's batch has been handed out. */
  const pending = new Map<string, Quote>();
  let flushQueued = false;
  let clientCount = 0;
  let framesSerialised = 0;
  let dropped = 0;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function frameOf(quote: Quote): Buffer {
    let frame = frames.get(quote);
    if (!frame) {
      frame = Buffer.from(`event: ${PRICE_STREAM_EVENT}\ndata: ${JSON.stringify(quote)}\n\n`);
      frames.set(quote, frame);
      framesSerialised += 1;
    }
    return frame;
  }

  function send(client: Client, bytes: Buffer): void {
    if (client.sink.writableLength > maxBufferedBytes) {
      dropped += 1;
      remove(client);
      client.sink.destroy();
      return;
    }
    client.sink.write(bytes);
  }

  function flush(): void {
    flushQueued = false;
    if (pending.size === 0) return;
    const tick = new Map<string, Buffer>();
    for (const [symbol, quote] of pending) tick.set(symbol, frameOf(quote));
    pending.clear();
    for (const group of groups.values()) {
      // In the order the quotes came, as each client received them before.
      const parts: Buffer[] = [];
      for (const [symbol, frame] of tick) if (group.symbols.has(symbol)) parts.push(frame);
      if (parts.length === 0) continue;
      const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      for (const client of group.clients) send(client, bytes);
    }
  }

  function onQuote(quote: Quote): void {
    pending.set(quote.symbol, quote);
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  }

  function ping(): void {
    for (const group of groups.values()) {
      for (const client of group.clients) send(client, PING);
    }
  }

  function remove(client: Client): boolean {
    const { group } = client;
    if (!group.clients.delete(client)) return false;
    clientCount -= 1;
    if (group.clients.size === 0) {
      groups.delete(group.key);
      group.unsubscribe();
    }
    if (clientCount === 0 && pingTimer) {
      clearInterval(pingTimer);
      pingTimer = undefined;
    }
    return true;
  }

  function attach(sink: StreamSink, symbols: readonly string[]): () => void {
    const unique = [...new Set(symbols)];
    const key = [...unique].sort().join(',');
    let group = groups.get(key);
    if (!group) {
      group = { key, symbols: new Set(unique), clients: new Set(), unsubscribe: () => {} };
      groups.set(key, group);
      group.unsubscribe = feed.subscribe(unique, onQuote);
    }
    const client: Client = { sink, group };
    group.clients.add(client);
    clientCount += 1;
    pingTimer ??= setInterval(ping, pingIntervalMs);
    const first: Buffer[] = [RETRY];
    for (const symbol of unique) {
      const quote = feed.quote(symbol);
      if (quote) first.push(frameOf(quote));
    }
    sink.write(Buffer.concat(first));
    return () => {
      remove(client);
    };
  }

  return {
    attach,
    stream(reply, symbols) {
      // The response is written here, not by Fastify's send: no stream object per client.
      // Headers set through Fastify so far (a refreshed session cookie) go out with the stream's.
      const res = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      reply.hijack();
      // The body runs until the connection closes (`connection: close`), without chunk framing:
      // a write is then one plain buffer on the socket (chunked, Node adds a size line and a
      // CRLF per write, ~40 % more CPU for each client; docs/decisions/037-price-stream.md).
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      });
      // The head goes out now; after it, frames go straight to the socket: no HTTP framing is
      // left to add, and Node's response would cork and uncork the socket on every write (a
      // deferred call per client per tick).
      res.flushHeaders();
      const detach = attach(res.socket ?? res, symbols);
      res.once('close', detach);
      return reply;
    },
    closeAll() {
      for (const group of [...groups.values()]) {
        for (const client of [...group.clients]) {
          if (remove(client)) client.sink.end();
        }
      }
    },
    stats: () => ({ clients: clientCount, groups: groups.size, framesSerialised, dropped }),
  };
}
