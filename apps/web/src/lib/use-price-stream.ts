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

/**
 * Live quotes for a set of symbols from GET /api/prices/stream (Server-Sent Events). The
 * browser reconnects by itself after a network error; when the server ends the stream with an
 * error the EventSource is closed for good, so a new one is opened after a growing delay. The
 * stream closes when the component leaves or the set of symbols changes.
 */
export function usePriceStream(symbols: readonly string[]): PriceStream {
  const key = useMemo(() => [...new Set(symbols)].sort().join(','), [symbols]);
  const [quotes, setQuotes] = useState<Readonly<Record<string, Quote>>>({});
  const [status, setStatus] = useState<StreamStatus>('connecting');

  useEffect(() => {
    if (key === '') return;
    const wanted = new Set(key.split(','));
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const receive = (event: MessageEvent) => {
      const quote = parseQuoteEvent(event.data);
      if (!quote || !wanted.has(quote.symbol)) return;
      setQuotes((previous) => ({ ...previous, [quote.symbol]: quote }));
    };

    const connect = () => {
      const current = new EventSource(`/api/prices/stream?symbols=${encodeURIComponent(key)}`);
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

    setStatus('connecting');
    connect();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [key]);

  return { quotes, status };
}
