import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { createGroupCommit, type GroupCommit, type ItemOutcome } from './group-commit.ts';
import { claimIdentity, claimKeys, type IdempotencyClaim, settleKeys } from './idempotency.ts';
import type { Outbox, Transactions } from './transactions.ts';

/** A money request decided in a batch: its Idempotency-Key's claim, when it carries one. */
export type ClaimedRequest = { claim: IdempotencyClaim | undefined };

/** The most requests one batch decides; more waiting requests go in the next. */
export const REQUEST_BATCH = 64;

/**
 * The queue of one kind of money request (lib/group-commit.ts): alone, a request runs `runOne`
 * (its single path, unchanged); together, `runBatch`. Two requests with the same Idempotency-Key
 * (or the same `identity`, when given) never share a batch. A batch that fails is logged, and its
 * requests run one by one.
 */
export function createRequestGroup<Request extends ClaimedRequest, Answer>(options: {
  /** What the batches decide, for the log ("trades opened"). */
  what: string;
  log: FastifyBaseLogger;
  runOne(request: Request): Promise<Answer>;
  runBatch(requests: readonly Request[]): Promise<Array<ItemOutcome<Answer>>>;
  identity?(request: Request): string | undefined;
}): GroupCommit<Request, Answer> {
  const { what, log, runOne, runBatch } = options;
  return createGroupCommit({
    maxBatch: REQUEST_BATCH,
    identity: options.identity ?? ((request) => (request.claim ? claimIdentity(request.claim) : undefined)),
    runOne,
    runBatch,
    onBatchFailed: (error, size) =>
      log.warn({ err: error, size }, `${what} together failed; each is decided alone`),
  });
}

/** What a batch's decision answers: an outcome for requests it decided, and those it leaves to run alone. */
export type BatchDecision<Answer> = {
  /** The outcome of each request decided in the batch, by its index. */
  outcomes: Map<number, ItemOutcome<Answer>>;
  /** Requests the batch leaves to run on their own after its commit (a four-eyes approval, say). */
  alone?: readonly number[];
};

/**
 * The frame every group-commit batch shares (docs/decisions/041). In one transaction: `lock` takes
 * the rows and accounts the decisions read (first, the order every single path takes them in), the
 * requests' Idempotency-Keys are claimed (by `lock` through `claim`, sent right behind its locks
 * without waiting for them, or else once `lock` is done), `decide` decides the requests whose key
 * was claimed (or that have none), in arrival order, and before the commit the answers are stored
 * with their keys and the keys of refused requests (and of those left to run alone) released (sent
 * with the transaction's last statement, the batch's audit rows when it has any). After the commit,
 * the retries (a key another attempt holds) and the requests left alone run on their own through
 * `runAlone`, in order, which answers them as `runIdempotent` does. Answers one outcome per request.
 */
export async function decideTogether<Request extends ClaimedRequest, Answer, Locked>({
  transactions,
  requests,
  lock,
  decide,
  runAlone,
}: {
  transactions: Transactions;
  requests: readonly Request[];
  /**
   * A lock whose statements do not wait on each other's answers sends them all at once and `claim()`
   * right behind them (`Promise.all`, in that order): on PostgreSQL the connection pipelines them
   * (db/client.ts), one round trip for all, and PostgreSQL runs each once the one before is done, so
   * the keys are still claimed once the locks are held. Reads sent behind the claim see every change
   * committed before the locks were granted.
   */
  lock(tx: Db, now: Date, claim: () => Promise<unknown>): Promise<Locked>;
  /**
   * `outbox`: mail of the decided requests, sent once the batch has committed. `beforeCommit`: a
   * statement the decision sends and does not wait for (it leaves with the COMMIT behind it,
   * lib/transactions.ts), which must therefore check what it must in the database.
   */
  decide(
    tx: Db,
    now: Date,
    locked: Locked,
    live: readonly number[],
    outbox: Outbox,
    beforeCommit: (answer: Promise<unknown>) => void,
  ): Promise<BatchDecision<Answer>>;
  runAlone(request: Request): Promise<Answer>;
}): Promise<Array<ItemOutcome<Answer>>> {
  const outcomes: Array<ItemOutcome<Answer> | undefined> = requests.map(() => undefined);
  const afterwards: number[] = [];
  await transactions.run(async ({ tx, now, outbox, beforeCommit }) => {
    let claiming: Promise<Set<string>> | undefined;
    const claim = () => {
      if (!claiming) {
        claiming = claimKeys(
          tx,
          requests.flatMap((request) => (request.claim ? [request.claim] : [])),
          now,
          transactions.expiredBefore(now),
        );
        // Awaited below; a lock that fails first must not leave its rejection unhandled.
        claiming.catch(() => undefined);
      }
      return claiming;
    };
    const locked = await lock(tx, now, claim);
    const claimed = await claim();
    const isClaimed = (request: Request) => !request.claim || claimed.has(claimIdentity(request.claim));
    const live = requests.flatMap((request, index) => (isClaimed(request) ? [index] : []));
    const decision = await decide(tx, now, locked, live, outbox, beforeCommit);
    const alone = new Set(decision.alone ?? []);
    const answered: Array<{ claim: IdempotencyClaim; body: Answer }> = [];
    const released: IdempotencyClaim[] = [];
    for (const index of live) {
      const { claim } = itemAt(requests, index);
      const outcome = decision.outcomes.get(index);
      if (alone.has(index)) {
        if (claim) released.push(claim);
        continue;
      }
      if (!outcome) throw new Error(`request ${index} of the batch was not decided`);
      outcomes[index] = outcome;
      if (!claim) continue;
      if (outcome.ok) answered.push({ claim, body: outcome.value });
      else released.push(claim);
    }
    // Not awaited here: it leaves with the transaction's last statement (the batch's audit rows),
    // and is answered before the commit.
    beforeCommit(settleKeys(tx, answered, released));
    afterwards.push(
      ...requests.flatMap((request, index) => (!isClaimed(request) || alone.has(index) ? [index] : [])),
    );
  });
  for (const index of afterwards) {
    try {
      outcomes[index] = { ok: true, value: await runAlone(itemAt(requests, index)) };
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  return outcomes.map((outcome, index) => {
    if (!outcome) throw new Error(`request ${index} of the batch was not decided`);
    return outcome;
  });
}

/** The item at `index`, which the caller knows is there. */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}
