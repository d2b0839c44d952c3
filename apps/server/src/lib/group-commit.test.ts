import { describe, expect, test } from 'vitest';
import { createGroupCommit, type ItemOutcome } from './group-commit.ts';

type Item = { n: number; id?: string };

/** A group whose batches are recorded and held until the test lets them go. */
function recordingGroup(options: { maxBatch?: number; failBatches?: boolean } = {}) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const failures: Array<{ size: number }> = [];
  let release: () => void = () => {};
  let held = Promise.resolve();
  const group = createGroupCommit<Item, string>({
    maxBatch: options.maxBatch ?? 10,
    identity: (item) => item.id,
    async runBatch(items) {
      batches.push(items.map((item) => item.n));
      await held;
      if (options.failBatches) throw new Error('the batch failed');
      return items.map(
        (item): ItemOutcome<string> =>
          item.n < 0
            ? { ok: false, error: new Error(`refused ${item.n}`) }
            : { ok: true, value: `batch ${item.n}` },
      );
    },
    async runOne(item) {
      alone.push(item.n);
      await held;
      if (item.n < 0) throw new Error(`refused ${item.n}`);
      return `alone ${item.n}`;
    },
    onBatchFailed: (_error, size) => failures.push({ size }),
  });
  return {
    group,
    batches,
    alone,
    failures,
    /** Holds every batch started from now on until `letGo`. */
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    letGo: () => release(),
  };
}

/** Lets the event loop finish its turn: a batch started by what came in it has begun. */
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  test('an item alone is decided on its own, at once', async () => {
    const g = recordingGroup();
    await expect(g.group.submit({ n: 1 })).resolves.toBe('alone 1');
    expect(g.alone).toEqual([1]);
    expect(g.batches).toEqual([]);
    expect(g.group.stats()).toMatchObject({ items: 1, batches: 0, alone: 1 });
  });

  test('items submitted in one turn go together, in order, each with its own outcome', async () => {
    const g = recordingGroup();
    const answers = await Promise.allSettled([1, -2, 3].map((n) => g.group.submit({ n })));
    expect(g.batches).toEqual([[1, -2, 3]]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'batch 1' },
      { status: 'rejected', reason: new Error('refused -2') },
      { status: 'fulfilled', value: 'batch 3' },
    ]);
  });

  test('items that reach the queue in one turn go together, however many awaits each took to get there', async () => {
    const g = recordingGroup();
    /** A request's way to the queue: its hooks and checks, each an await. */
    async function submitAfter(hops: number, n: number) {
      for (let hop = 0; hop < hops; hop++) await Promise.resolve();
      return g.group.submit({ n });
    }
    await Promise.all([submitAfter(0, 1), submitAfter(3, 2), submitAfter(40, 3)]);
    expect(g.batches).toEqual([[1, 2, 3]]);
    expect(g.alone).toEqual([]);
  });

  test('items arriving while a batch runs wait, then go together in the next', async () => {
    const g = recordingGroup();
    g.hold();
    const first = g.group.submit({ n: 1 });
    await endOfTurn();
    expect(g.alone).toEqual([1]);
    const later = [2, 3, 4].map((n) => g.group.submit({ n }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Nothing else starts while the first runs.
    expect(g.batches).toEqual([]);
    g.letGo();
    await expect(first).resolves.toBe('alone 1');
    await expect(Promise.all(later)).resolves.toEqual(['batch 2', 'batch 3', 'batch 4']);
    expect(g.batches).toEqual([[2, 3, 4]]);
    expect(g.group.stats()).toMatchObject({ items: 4, batches: 1, alone: 1, largestBatch: 3 });
  });

  test('a batch takes at most maxBatch items; the rest go in the next', async () => {
    const g = recordingGroup({ maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => g.group.submit({ n })));
    expect(g.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(g.alone).toEqual([5]);
  });

  test('two items of one identity never share a batch: the later waits for the next', async () => {
    const g = recordingGroup();
    await Promise.all([
      g.group.submit({ n: 1, id: 'k' }),
      g.group.submit({ n: 2, id: 'k' }),
      g.group.submit({ n: 3, id: 'other' }),
      g.group.submit({ n: 4 }),
      g.group.submit({ n: 5 }),
    ]);
    expect(g.batches).toEqual([[1, 3, 4, 5]]);
    expect(g.alone).toEqual([2]);
  });

  test('a batch that fails as a whole: each of its items is decided on its own, in order', async () => {
    const g = recordingGroup({ failBatches: true });
    const answers = await Promise.allSettled([1, -2, 3].map((n) => g.group.submit({ n })));
    expect(g.failures).toEqual([{ size: 3 }]);
    expect(g.alone).toEqual([1, -2, 3]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(g.group.stats()).toMatchObject({ batches: 0, failedBatches: 1, alone: 3 });
  });

  test('after the queue empties, the next item starts a batch again', async () => {
    const g = recordingGroup();
    await Promise.all([1, 2].map((n) => g.group.submit({ n })));
    await expect(g.group.submit({ n: 3 })).resolves.toBe('alone 3');
    await Promise.all([4, 5].map((n) => g.group.submit({ n })));
    expect(g.batches).toEqual([
      [1, 2],
      [4, 5],
    ]);
  });

  test('maxBatch must be a positive integer', () => {
    const options = { runBatch: async () => [], runOne: async () => '' };
    expect(() => createGroupCommit({ ...options, maxBatch: 0 })).toThrow(/maxBatch/);
  });
});
