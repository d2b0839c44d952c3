import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { AppError } from './app-error.ts';
import { requireActor } from './request-actor.ts';

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

function readKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  return key;
}

/**
 * Runs a money-moving request in one database transaction. With an Idempotency-Key header, the
 * key is claimed in that same transaction (a concurrent retry waits on it): the first attempt's
 * answer is stored beside its movement, a retry with the same content gets that answer back and
 * moves nothing, and the same key with other content is refused. A failed attempt leaves nothing
 * behind, so its retry runs afresh.
 */
export async function runMoneyRequest<S extends z.ZodType>(
  db: Db,
  request: FastifyRequest,
  response: S,
  run: (tx: Db) => Promise<z.output<S>>,
): Promise<z.output<S>> {
  const key = readKey(request);
  if (key === undefined) return db.transaction((tx) => run(tx));
  const actorId = requireActor(request).userId;
  const scope = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = createHash('sha256')
    .update(canonicalJson({ params: request.params, body: request.body }))
    .digest('hex');
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ actorId, key, scope, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      const result = await run(tx);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: 200, responseBody: JSON.parse(JSON.stringify(result)) })
        .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
      return result;
    }
    const [first] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
    if (!first || first.scope !== scope || first.requestHash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request',
      );
    }
    return response.parse(first.responseBody) as z.output<S>;
  });
}
