import type { Actor } from '../lib/actor.ts';
import type { ItemOutcome } from '../lib/group-commit.ts';
import type { IdempotencyClaim } from '../lib/idempotency.ts';
import { createTransactions } from '../lib/transactions.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import type { TestApp } from './test-app.ts';

/** What the group-commit use cases (decision 041) run with, on the test app's database and market. */
export function togetherDeps(t: TestApp) {
  const transactions = createTransactions({
    db: t.db,
    mailer: createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }),
    clock: () => new Date(),
    log: t.app.log,
    idempotencyKeyTtlMs: 24 * 3_600_000,
  });
  return { market: t.app.market, transactions };
}

/** A claim as a route reads it (the hash of the content stands in for the request's). */
export function claimOf(actor: Actor, key: string, scope: string, content: unknown): IdempotencyClaim {
  return { actorId: actor.id, key, scope, requestHash: JSON.stringify(content) };
}

/** Runs a use case and keeps its outcome, as a batch answers it. */
export async function outcomeOf<T>(run: () => Promise<T>): Promise<ItemOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}
