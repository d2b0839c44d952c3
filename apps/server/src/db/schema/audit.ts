import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per staff action: who, when, what, on whom, why, before and after. Append-only: a trigger
 * refuses UPDATE and DELETE (migration 0007). Rows form a hash chain in `seq` order: `hash` is
 * SHA-256 over the row's canonical form, which includes `prev_hash`, the hash of the row before.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 1, 2, 3… without gaps: a missing number is a removed row. */
    seq: bigint('seq', { mode: 'number' }).notNull().unique(),
    /** A user id, 'cli' for the command line or 'system'. */
    actorId: text('actor_id').notNull(),
    actorRole: text('actor_role').notNull(),
    /** The second staff member of a four-eyes decision (the checker), when there was one. */
    approverId: text('approver_id'),
    approverRole: text('approver_role'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The customer the action concerns (a deposit's or a trade's owner, or the user acted on). */
    subjectUserId: text('subject_user_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The hash of the row before (64 zeros for the first). Null only on rows written before the chain. */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
    // A staff member's rows include those they approved as the second staff member (four-eyes).
    index('audit_log_approver_idx').on(t.approverId, t.seq).where(sql`${t.approverId} is not null`),
    index('audit_log_subject_idx').on(t.subjectUserId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
  ],
);

/** The chain's head (one row, id 1): the last row's number and hash. Writers lock it, so rows chain in order. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey().default(1),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull(),
});
