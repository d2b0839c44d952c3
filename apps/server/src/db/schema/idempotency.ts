import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers to money-moving requests sent with an Idempotency-Key. Written in the same transaction
 * as the movement, so a retry finds either nothing (the first attempt moved nothing) or the answer.
 * A key expires `IDEMPOTENCY_KEY_TTL_HOURS` after `createdAt`: it no longer answers, and housekeeping
 * deletes it in small batches through `idempotency_keys_created_idx` (docs/decisions/034).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: text('actor_id').notNull(),
    key: text('key').notNull(),
    /** Method and route pattern, e.g. 'POST /api/withdrawals'. */
    scope: text('scope').notNull(),
    /** SHA-256 of the route parameters and body: a replay with other content is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
