import type pg from 'pg';

/**
 * node-postgres writes each statement to its socket on its own (one `writev` per statement, corked
 * only around that statement's messages). A pipelining connection often sends several statements at
 * once (a batch's locks, keys and reads, the last statements and the COMMIT behind them, decision
 * 041), and each write is a system call that also hands the bytes to PostgreSQL's backend.
 * This Client class (a subclass of node-postgres' own, passed in: pg loads only for PostgreSQL)
 * keeps its socket corked from the first statement sent until the current turn of the event loop
 * has run its queued callbacks and promise reactions (`process.nextTick`, which runs after them),
 * then uncorks it: the statements sent in that turn leave in one write. Nothing waits longer than
 * the turn that sent it, and no statement's order changes.
 */
export function createCoalescingClient(Base: typeof pg.Client): typeof pg.Client {
  class CoalescingClient extends Base {
    #corked = false;

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() has many overloads; this passes every one through
    override query(config: any, values?: any, callback?: any): any {
      const stream = (this as unknown as { connection?: { stream?: NodeJS.WritableStream & Partial<Cork> } })
        .connection?.stream;
      if (!this.#corked && stream?.cork && stream.uncork) {
        this.#corked = true;
        stream.cork();
        process.nextTick(() => {
          this.#corked = false;
          stream.uncork?.();
        });
      }
      return super.query(config, values, callback);
    }
  }
  return CoalescingClient;
}

type Cork = { cork(): void; uncork(): void };
