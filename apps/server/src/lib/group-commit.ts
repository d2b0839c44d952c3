/** What a batch answers for one of its items: a value, or the refusal that item alone gets. */
export type ItemOutcome<Answer> = { ok: true; value: Answer } | { ok: false; error: unknown };

export type GroupCommitOptions<Item, Answer> = {
  /** The most items one batch takes; the rest wait for the next. */
  maxBatch: number;
  /**
   * Decides several items together (one transaction): one outcome per item, in their order. It
   * throws only when the batch as a whole failed and wrote nothing; each item is then run alone.
   */
  runBatch(items: readonly Item[]): Promise<Array<ItemOutcome<Answer>>>;
  /** Decides one item on its own: a batch of one, and each item of a batch that failed. */
  runOne(item: Item): Promise<Answer>;
  /**
   * Items with the same identity never share a batch (the same Idempotency-Key twice, say): the
   * later one waits for the next batch, which sees the earlier one's outcome.
   */
  identity?(item: Item): string | undefined;
  /** Told when a batch failed as a whole (its items are then run one by one). */
  onBatchFailed?(error: unknown, size: number): void;
};

export type GroupCommitStats = {
  /** Items submitted so far. */
  items: number;
  /** Batches of two items or more. */
  batches: number;
  /** Items decided alone (a batch of one, or after their batch failed). */
  alone: number;
  /** Batches that failed as a whole. */
  failedBatches: number;
  largestBatch: number;
};

export type GroupCommit<Item, Answer> = {
  /** Decides the item with the others waiting at that moment; settles with its own outcome. */
  submit(item: Item): Promise<Answer>;
  stats(): GroupCommitStats;
};

type Waiting<Item, Answer> = {
  item: Item;
  resolve(value: Answer): void;
  reject(error: unknown): void;
};

/**
 * Group commit (docs/decisions/041): items of one kind that arrive while a batch of that kind is
 * being decided wait, and are then decided together in the next batch. An item that arrives when
 * nothing is running starts a batch at the end of the event loop's turn (`setImmediate`), so the
 * items of one turn go together: every request whose bytes or whose database answer came in that
 * turn, however many awaits each took to get here (a microtask would start the batch behind the
 * first of them alone). No timer, so an item alone waits for nothing, and under load the batches
 * grow by themselves. One batch runs at a time, in arrival order.
 */
export function createGroupCommit<Item, Answer>(
  options: GroupCommitOptions<Item, Answer>,
): GroupCommit<Item, Answer> {
  const { maxBatch, runBatch, runOne, identity, onBatchFailed } = options;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error('maxBatch must be a positive integer');
  let queue: Array<Waiting<Item, Answer>> = [];
  let running = false;
  const stats: GroupCommitStats = { items: 0, batches: 0, alone: 0, failedBatches: 0, largestBatch: 0 };

  /** The next batch: waiting items in order, at most maxBatch, no identity twice. */
  function takeBatch(): Array<Waiting<Item, Answer>> {
    const taken: Array<Waiting<Item, Answer>> = [];
    const left: Array<Waiting<Item, Answer>> = [];
    const seen = new Set<string>();
    for (const waiting of queue) {
      const id = identity?.(waiting.item);
      if (taken.length >= maxBatch || (id !== undefined && seen.has(id))) {
        left.push(waiting);
        continue;
      }
      if (id !== undefined) seen.add(id);
      taken.push(waiting);
    }
    queue = left;
    return taken;
  }

  async function alone(waiting: Waiting<Item, Answer>): Promise<void> {
    stats.alone += 1;
    try {
      waiting.resolve(await runOne(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function decide(batch: Array<Waiting<Item, Answer>>): Promise<void> {
    const [only] = batch;
    if (batch.length === 1 && only) return alone(only);
    let outcomes: Array<ItemOutcome<Answer>>;
    try {
      outcomes = await runBatch(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) throw new Error('a batch answered another number of outcomes');
    } catch (error) {
      stats.failedBatches += 1;
      onBatchFailed?.(error, batch.length);
      // Nothing of the batch was written: each item is decided on its own, in order.
      for (const waiting of batch) await alone(waiting);
      return;
    }
    stats.batches += 1;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome?.error);
    });
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await decide(takeBatch());
    } finally {
      running = false;
    }
  }

  return {
    submit(item) {
      stats.items += 1;
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (running) return;
        running = true;
        setImmediate(() => void drain());
      });
    },
    stats: () => ({ ...stats }),
  };
}
