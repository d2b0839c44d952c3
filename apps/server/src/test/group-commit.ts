import type { UserRole } from '@candor/contracts/auth';
import type { Actor } from '../lib/actor.ts';
import { AppError } from '../lib/app-error.ts';
import type { ItemOutcome } from '../lib/group-commit.ts';
import type { IdempotencyClaim } from '../lib/idempotency.ts';
import { createTransactions } from '../lib/transactions.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { insertUser } from './factories.ts';
import { fund } from './money.ts';
import type { TestApp } from './test-app.ts';

/** What the group-commit use cases (decision 041) run with, on the test app's database and market. */
export function togetherDeps(t: TestApp, clock: () => Date = () => new Date()) {
  const transactions = createTransactions({
    db: t.db,
    mailer: createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }),
    clock,
    idempotencyKeyTtlMs: 24 * 3_600_000,
    commitBehindLastStatements: t.database.pipelines,
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

/** Runs the requests one after the other, each alone, keeping each outcome (the reference of a batch). */
export async function oneAfterTheOther<R, T>(
  requests: readonly R[],
  run: (request: R) => Promise<T>,
): Promise<Array<ItemOutcome<T>>> {
  const outcomes: Array<ItemOutcome<T>> = [];
  for (const request of requests) outcomes.push(await outcomeOf(() => run(request)));
  return outcomes;
}

/**
 * What an outcome says, to compare a batch's with the same requests' run alone: a refusal's code
 * and message, or what `answer` keeps of the value (without the ids and times that differ).
 */
export function describeOutcome<T>(
  outcome: ItemOutcome<T> | undefined,
  answer: (value: T) => object,
): object {
  if (!outcome) return { missing: true };
  if (outcome.ok) return answer(outcome.value);
  const error = outcome.error;
  return error instanceof AppError
    ? { refused: error.code, message: error.message }
    : { failed: String(error) };
}

/**
 * An administrator, as the actor of their own requests; with `cents` of cash held from before staff
 * accounts were refused money (decision 062).
 */
export async function staffActor(t: TestApp, cents = 0n): Promise<Actor> {
  const user = await insertUser(t.db, { role: 'admin', identityStatus: 'verified' });
  if (cents > 0n) await fund(t.db, user.id, cents);
  return { id: user.id, role: 'admin' };
}

/**
 * An account whose session was read before its role changed (docs/decisions/062): the actor says
 * `sessionRole`, the stored row says `role`. A check that trusts the session answers for the old role.
 */
export async function actorReadBeforeRoleChange(
  t: TestApp,
  { sessionRole, role, cents }: { sessionRole: UserRole; role: UserRole; cents: bigint },
): Promise<Actor> {
  const user = await insertUser(t.db, { role, identityStatus: 'verified' });
  if (cents > 0n) await fund(t.db, user.id, cents);
  return { id: user.id, role: sessionRole };
}

/** A verified customer with `cents` of cash, as the actor of their own requests. */
export async function fundedActor(t: TestApp, cents: bigint): Promise<Actor> {
  const user = await insertUser(t.db, { identityStatus: 'verified' });
  if (cents > 0n) await fund(t.db, user.id, cents);
  return { id: user.id, role: 'client' };
}
