import { createHash } from 'node:crypto';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { appendHeldAudits, holdAuditsUntilCommit } from '../modules/audit/audit.repository.ts';
import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';
import type { Actor } from './actor.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { requireActor } from './request-actor.ts';

/**
 * Mail a use case sends. It leaves only once the use case's transaction has committed, so a
 * rolled-back request never mails anything (a withdrawal code for a request that was not recorded).
 */
export type Outbox = { send(message: MailMessage): void };

/** What a use case that changes something runs with: its transaction, the request's time, its outbox. */
export type CommandContext = { tx: Db; now: Date; outbox: Outbox };

/**
 * The argument of a use case that changes something: its transaction, who acts, the request's
 * time (never read inside), and the use case's own inputs.
 */
export type Command<Input extends object = object> = { tx: Db; actor: Actor; now: Date } & Input;

export type Transactions = {
  /** Runs a command in one database transaction, then sends the mail it queued. */
  run<T>(command: (context: CommandContext) => Promise<T>): Promise<T>;
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
};

/**
 * Hands a statement (with a RETURNING clause) to run in the transaction's last statement, and a
 * check of how many rows it returned that may throw to roll the transaction back.
 */
type WriteLast = (statement: SQL, check: (rows: number) => void) => void;

/** The Idempotency-Key of a request was claimed by another attempt that committed first. */
class KeyAlreadyUsed extends Error {}

/** JSON with object keys sorted, so equal content always hashes equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The body as the request means it: a two-factor code changes every 30 seconds, so a retry with a
 * fresh code is the same request (the code itself is checked before the transaction).
 */
function withoutOneTimeCodes(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('twoFactorCode' in body)) return body;
  const { twoFactorCode: _code, ...rest } = body as Record<string, unknown>;
  return rest;
}

function readKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  return key;
}

export function createTransactions(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a key answers retries (IDEMPOTENCY_KEY_TTL_HOURS). */
  idempotencyKeyTtlMs: number;
}): Transactions {
  const { db, mailer, clock, log, idempotencyKeyTtlMs } = deps;

  /**
   * Runs `body` in a transaction with a fresh outbox; its mail leaves after the commit. A statement
   * `body` hands to `writeLast` runs with the held audits, in the transaction's last statement.
   */
  async function inTransaction<T>(
    body: (tx: Db, outbox: Outbox, writeLast: WriteLast) => Promise<T>,
  ): Promise<T> {
    const queued: MailMessage[] = [];
    const result = await db.transaction(async (tx) => {
      // The audit chain's lock is taken by the last statement, so it is held only until the commit.
      holdAuditsUntilCommit(tx);
      let last: { statement: SQL; check: (rows: number) => void } | undefined;
      const value = await body(tx, { send: (message) => queued.push(message) }, (statement, check) => {
        last = { statement, check };
      });
      const rows = await appendHeldAudits(tx, last?.statement);
      last?.check(rows);
      return value;
    });
    for (const message of queued) {
      try {
        await mailer.send(message);
      } catch (error) {
        // The change stands; the customer can ask again (a new withdrawal code, say).
        log.error({ err: error, subject: message.subject }, 'an e-mail could not be sent');
      }
    }
    return result;
  }

  return {
    run: (command) => {
      const now = clock();
      return inTransaction((tx, outbox) => command({ tx, now, outbox }));
    },
    runMoneyRequest,
  };

  async function runMoneyRequest<S extends z.ZodType>(
    request: FastifyRequest,
    answer: S,
    command: (context: CommandContext) => Promise<z.output<S>>,
  ): Promise<z.output<S>> {
    const now = clock();
    const key = readKey(request);
    if (key === undefined) return inTransaction((tx, outbox) => command({ tx, now, outbox }));
    const actorId = requireActor(request).id;
    const scope = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const requestHash = createHash('sha256')
      .update(canonicalJson({ params: request.params, body: withoutOneTimeCodes(request.body) }))
      .digest('hex');
    const expiredBefore = new Date(now.getTime() - idempotencyKeyTtlMs);
    try {
      return await inTransaction(async (tx, outbox, writeLast) => {
        const result = await command({ tx, now, outbox });
        // The key is claimed, and the answer stored, by the transaction's last statement (with its
        // audit, when it has one). A new key is inserted; an expired one is taken over as if it
        // were new. A live key returns no row: another attempt with this key committed first
        // (a concurrent one is waited for here), and this one is rolled back.
        writeLast(
          sql`insert into idempotency_keys (actor_id, key, scope, request_hash, response_status, response_body, created_at)
              values (${actorId}, ${key}, ${scope}, ${requestHash}, 200, ${JSON.stringify(result)}::jsonb,
                      ${now.toISOString()}::timestamptz)
              on conflict (actor_id, key) do update
                 set scope = excluded.scope, request_hash = excluded.request_hash,
                     response_status = excluded.response_status, response_body = excluded.response_body,
                     created_at = excluded.created_at
               where idempotency_keys.created_at <= ${expiredBefore.toISOString()}::timestamptz
              returning key`,
          (rows) => {
            if (rows === 0) throw new KeyAlreadyUsed();
          },
        );
        return result;
      });
    } catch (error) {
      // A retry: its movement (or its refusal, the first attempt having moved the money) is rolled
      // back, and it answers what the first attempt answered.
      if (!(error instanceof KeyAlreadyUsed) && !(error instanceof AppError)) throw error;
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.actorId, actorId),
            eq(idempotencyKeys.key, key),
            gt(idempotencyKeys.createdAt, expiredBefore),
          ),
        );
      if (!first) {
        if (error instanceof KeyAlreadyUsed) throw new Error('an idempotency key was taken, then not found');
        throw error;
      }
      if (first.scope !== scope || first.requestHash !== requestHash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request',
        );
      }
      return answer.parse(first.responseBody) as z.output<S>;
    }
  }
}
