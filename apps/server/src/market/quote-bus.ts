import type { Quote } from '@candor/contracts/market';

export type QuoteBusHandlers = {
  /** A batch of quotes published by the producing server (this one or another). */
  onBatch(quotes: Quote[]): void;
  /** This server becomes (true) or stops being (false) the one that produces prices. */
  onLeadership(leading: boolean): void;
};

/**
 * Carries quote batches from the server that produces prices to every server that streams them.
 * In-process with the embedded database; PostgreSQL NOTIFY/LISTEN otherwise.
 */
export type QuoteBus = {
  start(handlers: QuoteBusHandlers): Promise<void>;
  publish(quotes: readonly Quote[]): Promise<void>;
  stop(): Promise<void>;
};

/** One process both produces and streams: batches go straight to the handlers. */
export function createLocalQuoteBus(): QuoteBus {
  let handlers: QuoteBusHandlers | undefined;
  return {
    async start(given) {
      handlers = given;
      given.onLeadership(true);
    },
    async publish(quotes) {
      handlers?.onBatch([...quotes]);
    },
    async stop() {
      handlers = undefined;
    },
  };
}
