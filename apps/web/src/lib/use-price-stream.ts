import { PRICE_STREAM_EVENT, type Quote, QuoteSchema } from '@candor/contracts/market';
import { useEffect, useMemo, useState } from 'react';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export type PriceStream = {
  /** The latest quote received for each symbol. */
  quotes: Readonly<Record<string, Quote>>;
  status: StreamStatus;
};

/** Waits before reconnecting after the server closed the stream: 1 s, 2 s, 4 s … at most 30 s. */
export function findReconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}

/** A quote event's data, or null when it is not a quote (malformed data is ignored). */
export function parseQuoteEvent(data: unknown): Quote | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = QuoteSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The server allows this many symbols on one stream; a larger set is split over several. */
const MAX_SYMBOLS_PER_STREAM = 20;

type Subscriber = {
  symbols: ReadonlySet<string>;
  onQuote: (quote: Quote) => void;
  onStatus: (status: StreamStatus) => void;
};

type Connection = { close(): void; status: StreamStatus };

/**
 * One connection to GET /api/prices/stream (Server-Sent Events). The browser reconnects by
 * itself after a network error; when the server ends the stream with an error the EventSource is
 * closed for good, so a new one is opened after a growing delay.
 */
function openConnection(
  symbols: readonly string[],
  onQuote: (quote: Quote) => void,
  onStatus: () => void,
): Connection {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const connection: Connection = {
    status: 'connecting',
    close: () => {
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
  const setStatus = (status: StreamStatus) => {
    connection.status = status;
    onStatus();
  };
  const receive = (event: MessageEvent) => {
    const quote = parseQuoteEvent(event.data);
    if (quote) onQuote(quote);
  };
  const connect = () => {
    const current = new EventSource(`/api/prices/stream?symbols=${encodeURIComponent(symbols.join(','))}`);
    source = current;
    current.addEventListener(PRICE_STREAM_EVENT, receive);
    current.onopen = () => {
      attempt = 0;
      setStatus('live');
    };
    current.onerror = () => {
      setStatus('reconnecting');
      if (current.readyState !== EventSource.CLOSED) return; // the browser retries by itself
      current.close();
      source = null;
      timer = setTimeout(connect, findReconnectDelay(attempt));
      attempt += 1;
    };
  };
  connect();
  return connection;
}

/**
 * Every component of the page shares the same streams: one connection carries the union of the
 * symbols all of them follow (browsers allow few connections per site, and each stream holds one
 * open). The union is re-subscribed when a component joins or leaves with other symbols.
 */
const subscribers = new Set<Subscriber>();
const latest = new Map<string, Quote>();
let openKey = '';
let connections: Connection[] = [];

function overallStatus(): StreamStatus {
  if (connections.every((c) => c.status === 'live')) return 'live';
  return connections.some((c) => c.status === 'reconnecting') ? 'reconnecting' : 'connecting';
}

function announceStatus(): void {
  const status = overallStatus();
  for (const subscriber of subscribers) subscriber.onStatus(status);
}

function deliver(quote: Quote): void {
  latest.set(quote.symbol, quote);
  for (const subscriber of subscribers) if (subscriber.symbols.has(quote.symbol)) subscriber.onQuote(quote);
}

function resubscribe(): void {
  const union = [...new Set([...subscribers].flatMap((s) => [...s.symbols]))].sort();
  const key = union.join(',');
  if (key === openKey) return;
  for (const connection of connections) connection.close();
  openKey = key;
  connections = [];
  if (union.length === 0) {
    latest.clear();
    return;
  }
  for (let i = 0; i < union.length; i += MAX_SYMBOLS_PER_STREAM) {
    connections.push(openConnection(union.slice(i, i + MAX_SYMBOLS_PER_STREAM), deliver, announceStatus));
  }
  announceStatus();
}

function subscribe(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  resubscribe();
  subscriber.onStatus(overallStatus());
  for (const symbol of subscriber.symbols) {
    const quote = latest.get(symbol);
    if (quote) subscriber.onQuote(quote);
  }
  return () => {
    subscribers.delete(subscriber);
    resubscribe();
  };
}

/**
 * Live quotes for a set of symbols: the latest quote of each and the state of the stream. The
 * subscription ends when the component leaves or its set of symbols changes.
 */
export function usePriceStream(symbols: readonly string[]): PriceStream {
  const key = useMemo(() => [...new Set(symbols)].sort().join(','), [symbols]);
  const [quotes, setQuotes] = useState<Readonly<Record<string, Quote>>>({});
  const [status, setStatus] = useState<StreamStatus>('connecting');

  useEffect(() => {
    if (key === '') return;
    return subscribe({
      symbols: new Set(key.split(',')),
      onQuote: (quote) => setQuotes((previous) => ({ ...previous, [quote.symbol]: quote })),
      onStatus: setStatus,
    });
  }, [key]);

  return { quotes, status };
}
