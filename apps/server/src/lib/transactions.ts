import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { failedRequirement } from '../db/require.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import {
  appendHeldAudits,
  type HeldAlongside,
  holdAuditsUntilCommit,
} from '../modules/audit/audit.repository.ts';
import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';
import type { Actor } from './actor.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { type IdempotencyClaim, readIdempotencyClaim } from './idempotency.ts';

/**
 * Mail a use case sends. It is recorded in the use case's transaction and leaves only once that
 * has committed, so a rolled-back request never mails anything (a withdrawal code for a request
 * that was not recorded), and a committed one never loses its mail.
 */
export type Outbox = {
  /** With SMTP, sent before the request answers: what its reader is waiting for (a code, a link). */
  send(message: MailMessage): void;
  /**
   * With SMTP, sent by the delivery worker's next pass rather than before the request answers: a
   * notice nobody is waiting for (a decision on a customer's money), so a staff member's answer
   * never waits on a mail server. Without SMTP, the same as `send`: kept in Messages at once.
   */
  queue(message: MailMessage): void;
};

/** What a use case that changes something runs with: its transaction, the request's time, its outbox. */
export type CommandContext = { tx: Db; now: Date; outbox: Outbox };

/**
 * `run`'s context also takes statements sent and not awaited (`beforeCommit`): a statement that
 * nothing after it waits on leaves with the transaction's last statement, and on a pipelining
 * connection (db/client.ts) with the COMMIT right behind them, in one round trip. If one fails in
 * the database, the transaction rolls back. What such a statement checks, it checks in the
 * database (`required`, db/require.ts): a check made in the server on its answer would come after
 * the COMMIT was sent.
 */
export type RunContext = CommandContext & { beforeCommit(answer: Promise<unknown>): void };

/**
 * The argument of a use case that changes something: its transaction, who acts, the request's
 * time (never read inside), and the use case's own inputs.
 */
export type Command<Input extends object = object> = { tx: Db; actor: Actor; now: Date } & Input;

export type Transactions = {
  /** Runs a command in one database transaction, then sends the mail it queued. */
  run<T>(command: (context: RunContext) => Promise<T>): Promise<T>;
  /**
   * `run` for a money-moving request. With an Idempotency-Key header, the key is claimed in that
   * same transaction, by its last statement, with the answer: the first attempt's answer is stored
   * beside its movement, a retry with the same content gets that answer back and moves nothing (its
   * own run is rolled back: a concurrent retry waits on the key, then finds it taken), and the same
   * key with other content is refused. A failed attempt leaves nothing behind, so its retry runs
   * afresh (docs/decisions/010, 039). A key older than its time to live (IDEMPOTENCY_KEY_TTL_HOURS)
   * has expired: the request is new, and the key is claimed again for it (docs/decisions/034).
   */
  runMoneyRequest<S extends z.ZodType>(
    request: FastifyRequest,
    answer: S,
    command: (context: CommandContext) => Promise<z.output<S>>,
  ): Promise<z.output<S>>;
  /** `runMoneyRequest` with the request's claim read already (undefined: no Idempotency-Key). */
  runIdempotent<S extends z.ZodType>(
    claim: IdempotencyClaim | undefined,
    answer: S,
    command: (context: CommandContext) => Promise<z.output<S>>,
  ): Promise<z.output<S>>;
  /** When a key claimed at `now` stops answering retries (IDEMPOTENCY_KEY_TTL_HOURS). */
  expiredBefore(now: Date): Date;
};

/**
 * Hands a statement (with a RETURNING clause) to run in the transaction's last statement. It must
 * return a row: if it returns none, that statement fails with `failure` (in the database, see
 * db/require.ts) and the transaction rolls back.
 */
type WriteLast = (last: HeldAlongside) => void;

/** The last statement of an idempotent request found its key claimed by another attempt that committed first. */
const KEY_ALREADY_USED = 'the Idempotency-Key was claimed by another attempt';

export function createTransactions(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** How long a key answers retries (IDEMPOTENCY_KEY_TTL_HOURS). */
  idempotencyKeyTtlMs: number;
  /**
   * Whether the COMMIT is sent right behind the transaction's last statements instead of after
   * their answers (`Database.pipelines`, PostgreSQL's connections; db/client.ts). Whatever those
   * statements check, they check in the database, so a failure still rolls everything back.
   */
  commitBehindLastStatements: boolean;
}): Transactions {
  const { db, mailer, clock, idempotencyKeyTtlMs, commitBehindLastStatements } = deps;

  /**
   * Runs `body` in a transaction with a fresh outbox. The mail it queued is recorded in the same
   * transaction (it exists exactly when the change commits; a rolled-back request mails nothing)
   * and, with SMTP, sent after the commit. A statement `body` hands to `writeLast` runs with the
   * held audits, in the transaction's last statement.
   *
   * The last statements (the mail, the held audits with `writeLast`'s statement, and every statement
   * handed to `beforeCommit`) check what they must in the database (db/require.ts). On a connection
   * that pipelines, the COMMIT is therefore sent right behind them, one round trip instead of two: if
   * one of them fails, PostgreSQL has aborted the transaction and answers that COMMIT with a rollback,
   * and the failure is thrown here once their answers are read. Elsewhere they are answered before
   * the COMMIT is sent, and a failure rolls back as any other.
   */
  async function inTransaction<T>(
    body: (
      tx: Db,
      outbox: Outbox,
      writeLast: WriteLast,
      beforeCommit: (answer: Promise<unknown>) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const { value, last } = await db.transaction(async (tx) => {
      // The audit chain's lock is taken by the last statement, so it is held only until the commit.
      holdAuditsUntilCommit(tx);
      const queued: MailMessage[] = [];
      const queuedForWorker: MailMessage[] = [];
      let alongside: HeldAlongside | undefined;
      const inFlight: Array<Promise<unknown>> = [];
      try {
        const value = await body(
          tx,
          {
            send: (message) => queued.push(message),
            queue: (message) => queuedForWorker.push(message),
          },
          (held) => {
            alongside = held;
          },
          (answer) => {
            // Awaited below; a failure before then must not go unhandled meanwhile.
            answer.catch(() => undefined);
            inFlight.push(answer);
          },
        );
        // Sent now, in this order, each by the call that makes it (nothing awaited before them),
        // so they leave ahead of the COMMIT.
        const last = Promise.all([
          queued.length + queuedForWorker.length > 0 ? mailer.recordAll(tx, queued, queuedForWorker) : [],
          appendHeldAudits(tx, alongside),
          ...inFlight,
        ]).then(([mail]) => mail);
        if (commitBehindLastStatements) {
          last.catch(() => undefined);
          return { value, last };
        }
        return { value, last: Promise.resolve(await last) };
      } catch (error) {
        await Promise.allSettled(inFlight);
        throw error;
      }
    });
    // A last statement that failed has rolled the transaction back (its COMMIT answered a rollback).
    const mail = await last;
    // Each attempt records its own outcome; a failed one is retried by the delivery worker.
    if (mail.length > 0) await mailer.deliver(mail);
    return value;
  }

  const expiredBefore = (now: Date) => new Date(now.getTime() - idempotencyKeyTtlMs);

  return {
    run: (command) => {
      const now = clock();
      return inTransaction((tx, outbox, _writeLast, beforeCommit) =>
        command({ tx, now, outbox, beforeCommit }),
      );
    },
    runMoneyRequest: async (request, answer, command) =>
      runIdempotent(readIdempotencyClaim(request), answer, command),
    runIdempotent,
    expiredBefore,
  };

  /**
   * The answer stored for a live key, for a retry of the request that claimed it; undefined when
   * the key is not live. IDEMPOTENCY_KEY_REUSED when the key was claimed for other content.
   */
  async function storedAnswer<S extends z.ZodType>(
    claim: IdempotencyClaim,
    answer: S,
    now: Date,
  ): Promise<z.output<S> | undefined> {
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.actorId, claim.actorId),
          eq(idempotencyKeys.key, claim.key),
          gt(idempotencyKeys.createdAt, expiredBefore(now)),
        ),
      );
    if (!first) return undefined;
    if (first.scope !== claim.scope || first.requestHash !== claim.requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request',
      );
    }
    return answer.parse(first.responseBody) as z.output<S>;
  }

  async function runIdempotent<S extends z.ZodType>(
    claim: IdempotencyClaim | undefined,
    answer: S,
    command: (context: CommandContext) => Promise<z.output<S>>,
  ): Promise<z.output<S>> {
    const now = clock();
    if (claim === undefined) return inTransaction((tx, outbox) => command({ tx, now, outbox }));
    const { actorId, key, scope, requestHash } = claim;
    try {
      return await inTransaction(async (tx, outbox, writeLast) => {
        const result = await command({ tx, now, outbox });
        // The key is claimed, and the answer stored, by the transaction's last statement (with its
        // audit, when it has one). A new key is inserted; an expired one is taken over as if it
        // were new. A live key returns no row: another attempt with this key committed first
        // (a concurrent one is waited for here), and this one is rolled back.
        writeLast({
          statement: sql`insert into idempotency_keys (actor_id, key, scope, request_hash, response_status, response_body, created_at)
              values (${actorId}, ${key}, ${scope}, ${requestHash}, 200, ${JSON.stringify(result)}::jsonb,
                      ${now.toISOString()}::timestamptz)
              on conflict (actor_id, key) do update
                 set scope = excluded.scope, request_hash = excluded.request_hash,
                     response_status = excluded.response_status, response_body = excluded.response_body,
                     created_at = excluded.created_at
               where idempotency_keys.created_at <= ${expiredBefore(now).toISOString()}::timestamptz
              returning key`,
          failure: KEY_ALREADY_USED,
        });
        return result;
      });
    } catch (error) {
      // A retry: its movement (or its refusal, the first attempt having moved the money) is rolled
      // back, and it answers what the first attempt answered.
      const keyAlreadyUsed = failedRequirement(error) === KEY_ALREADY_USED;
      if (!keyAlreadyUsed && !(error instanceof AppError)) throw error;
      const first = await storedAnswer(claim, answer, now);
      if (first === undefined) {
        if (keyAlreadyUsed) throw new Error('an idempotency key was taken, then not found');
        throw error;
      }
      return first;
    }
  }
}
