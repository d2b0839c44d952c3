import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { required } from '../db/require.ts';
import { rowsOf } from '../db/rows-of.ts';
import { selectRows } from '../db/select-rows.ts';
import { AppError } from './app-error.ts';
import { requireActor } from './request-actor.ts';

/**
 * What makes a money request idempotent (docs/decisions/010): who sent it, the Idempotency-Key
 * they chose, the route it was sent to and a hash of its content. A retry is the same claim.
 */
export type IdempotencyClaim = {
  actorId: string;
  key: string;
  /** Method and route pattern, e.g. 'POST /api/trades'. */
  scope: string;
  /** SHA-256 of the route parameters and body (less one-time codes). */
  requestHash: string;
};

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

/** The request's claim, or undefined without an Idempotency-Key header (VALIDATION_FAILED for a malformed one). */
export function readIdempotencyClaim(request: FastifyRequest): IdempotencyClaim | undefined {
  const key = readKey(request);
  if (key === undefined) return undefined;
  return {
    actorId: requireActor(request).id,
    key,
    scope: `${request.method} ${request.routeOptions.url ?? request.url}`,
    requestHash: createHash('sha256')
      .update(canonicalJson({ params: request.params, body: withoutOneTimeCodes(request.body) }))
      .digest('hex'),
  };
}

/** One claim per actor and key: two claims with the same pair cannot be decided in one statement. */
export function claimIdentity(claim: Pick<IdempotencyClaim, 'actorId' | 'key'>): string {
  return `${claim.actorId}\u0000${claim.key}`;
}

/**
 * Claims keys for requests decided together (group commit, lib/group-commit.ts), before their
 * movements, in one statement: a new key is inserted with no answer yet, an expired one is taken
 * over as if it were new. A live key returns no row: another attempt committed first (one still in
 * progress is waited for here), so that request is a retry. Answers the identities claimed. The
 * claims must be of distinct actor and key pairs. The answers are written by `settleKeys` before
 * the commit, so no other transaction ever sees a claimed key without its answer.
 */
export async function claimKeys(
  tx: Db,
  claims: readonly IdempotencyClaim[],
  now: Date,
  expiredBefore: Date,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await selectRows<{ actor_id: string; key: string }>(
    tx,
    sql`insert into idempotency_keys (actor_id, key, scope, request_hash, response_status, response_body, created_at)
        select c.actor_id, c.key, c.scope, c.request_hash, null, null, ${now.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(
            claims.map((claim) => ({
              actor_id: claim.actorId,
              key: claim.key,
              scope: claim.scope,
              request_hash: claim.requestHash,
            })),
          )}::jsonb) as c(actor_id text, key text, scope text, request_hash text)
        on conflict (actor_id, key) do update
           set scope = excluded.scope, request_hash = excluded.request_hash, response_status = null,
               response_body = null, created_at = excluded.created_at
         where idempotency_keys.created_at <= ${expiredBefore.toISOString()}::timestamptz
        returning actor_id, key`,
  );
  return new Set(rows.map((row) => claimIdentity({ actorId: row.actor_id, key: row.key })));
}

/**
 * Stores the answers of claimed keys whose request succeeded and releases the keys of those that
 * were refused (a failed attempt leaves nothing behind, so its retry runs afresh), in one statement.
 * The statement checks, in the database, that it settled every key (db/require.ts): it may leave
 * with the COMMIT right behind it (lib/transactions.ts). It is sent before this returns.
 */
export async function settleKeys(
  tx: Db,
  answered: ReadonlyArray<{ claim: IdempotencyClaim; body: unknown }>,
  released: readonly IdempotencyClaim[],
): Promise<void> {
  if (answered.length === 0 && released.length === 0) return;
  // The pairs travel as arrays unnested together (rowsOf), so PostgreSQL looks each key up through
  // the primary key.
  const answeredRows = rowsOf('a', {
    actor_id: answered.map(({ claim }) => claim.actorId),
    key: answered.map(({ claim }) => claim.key),
    body: { jsonb: answered.map(({ body }) => body) },
  });
  const releasedRows = rowsOf('r', {
    actor_id: released.map((claim) => claim.actorId),
    key: released.map((claim) => claim.key),
  });
  await selectRows(
    tx,
    sql`with answered as (
          update idempotency_keys k set response_status = 200, response_body = a.body
            from ${answeredRows}
           where k.actor_id = a.actor_id and k.key = a.key
          returning 1
        ), released as (
          delete from idempotency_keys k
           using ${releasedRows}
           where k.actor_id = r.actor_id and k.key = r.key
          returning 1
        )
        select ${required(
          sql`(select count(*) from answered) = ${answered.length} and (select count(*) from released) = ${released.length}`,
          'claimed idempotency keys were not all settled',
        )} as ok`,
  );
}
