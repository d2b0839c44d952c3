import type pg from 'pg';
import type { MarketLogger } from './market-logger.ts';
import type { QuoteBus, QuoteBusHandlers } from './quote-bus.ts';
import { decodeQuoteBatch, encodeQuoteBatch } from './quote-codec.ts';

export const QUOTES_CHANNEL = 'candor_quotes';
/** Session advisory lock held by the one server that produces prices (the migration lock is 726372). */
export const PRODUCER_LOCK_KEY = 726373;

export type PostgresQuoteBusOptions = {
  /** A new dedicated connection (not from the pool: LISTEN and the lock live on it). */
  createClient: () => pg.Client;
  /** Sends one NOTIFY (through the pool). */
  notify: (channel: string, payload: string) => Promise<void>;
  logger: MarketLogger;
  /** How often a server without the lock tries to take it, or to reconnect. */
  retryMs?: number;
  channel?: string;
};

/**
 * Quote batches through PostgreSQL NOTIFY/LISTEN. Every server LISTENs on a dedicated connection;
 * the one that holds the producer advisory lock on that connection runs the price sources and
 * NOTIFYs each batch. When it stops or its connection drops, the lock is released and another
 * server takes over within `retryMs`.
 */
export function createPostgresQuoteBus(options: PostgresQuoteBusOptions): QuoteBus {
  const { logger } = options;
  const channel = options.channel ?? QUOTES_CHANNEL;
  const retryMs = options.retryMs ?? 5000;
  let handlers: QuoteBusHandlers | undefined;
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let busy: Promise<void> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  function receive(message: pg.Notification): void {
    if (message.channel !== channel || !message.payload) return;
    const quotes = decodeQuoteBatch(message.payload);
    if (!quotes) {
      logger.warn({ channel }, 'Ignored a price notification that is not a quote batch');
      return;
    }
    handlers?.onBatch(quotes);
  }

  function lose(lost: pg.Client, error?: Error): void {
    if (client !== lost) return;
    client = undefined;
    if (leading) {
      leading = false;
      handlers?.onLeadership(false);
    }
    if (stopped) return;
    logger.warn({ reason: error?.message }, 'Price notifications connection lost; reconnecting');
    lost.end().catch(() => undefined);
  }

  async function connect(): Promise<void> {
    const fresh = options.createClient();
    fresh.on('error', (error) => lose(fresh, error));
    fresh.on('end', () => lose(fresh));
    fresh.on('notification', receive);
    try {
      await fresh.connect();
      await fresh.query(`listen ${channel}`);
    } catch (error) {
      await fresh.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await fresh.end();
      return;
    }
    client = fresh;
  }

  async function tryToLead(): Promise<void> {
    if (!client || leading || stopped) return;
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      PRODUCER_LOCK_KEY,
    ]);
    if (result.rows[0]?.locked && !stopped) {
      leading = true;
      handlers?.onLeadership(true);
    }
  }

  /** Connects if needed, then tries to become the producer; one attempt at a time. */
  function attempt(): Promise<void> {
    busy ??= (async () => {
      if (!client) await connect();
      await tryToLead();
    })().finally(() => {
      busy = undefined;
    });
    return busy;
  }

  return {
    async start(given) {
      handlers = given;
      await attempt();
      timer = setInterval(() => {
        attempt().catch((error: unknown) => {
          logger.warn({ err: error }, 'Price notifications: connecting or taking the producer lock failed');
        });
      }, retryMs);
      timer.unref();
    },
    async publish(quotes) {
      for (const payload of encodeQuoteBatch(quotes)) await options.notify(channel, payload);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await busy?.catch(() => undefined);
      const open = client;
      client = undefined;
      leading = false;
      // Ending the session releases the producer lock.
      await open?.end().catch(() => undefined);
      handlers = undefined;
    },
  };
}
