import { asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHead, auditLog } from '../../db/schema/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { asStoredJson, auditRowHash, type ChainedFields } from './audit-chain.ts';

export type AuditEntry = {
  actor: Actor;
  /** The second staff member of a four-eyes decision. */
  approver?: Actor | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  /** The customer concerned; defaults to the target when the target is a user. */
  subjectUserId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Records one staff action (who, what, on whom, why, before and after). Call it inside the
 * transaction of the change, as its last write: it locks the chain's head until the commit, so rows
 * chain in the order they commit.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const head = await lockChainHead(db);
  const fields: ChainedFields = {
    seq: head.seq + 1,
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    approverId: entry.approver?.id ?? null,
    approverRole: entry.approver?.role ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    subjectUserId: entry.subjectUserId ?? (entry.targetType === 'user' ? (entry.targetId ?? null) : null),
    reason: entry.reason ?? null,
    before: asStoredJson(entry.before),
    after: asStoredJson(entry.after),
    // Milliseconds, as JavaScript keeps them, so the stored time reads back exactly.
    createdAt: new Date(),
    prevHash: head.hash,
  };
  const hash = auditRowHash(fields);
  await db.insert(auditLog).values({ ...fields, hash });
  await db.update(auditChainHead).set({ seq: fields.seq, hash }).where(eq(auditChainHead.id, 1));
}

async function lockChainHead(db: Db): Promise<{ seq: number; hash: string }> {
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
  if (!head) throw new Error('the audit chain has no head row (migration 0007)');
  return head;
}

/** The chain's head: the last row's number and hash. */
export async function readChainHead(db: Db): Promise<{ seq: number; hash: string }> {
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  if (!head) throw new Error('the audit chain has no head row (migration 0007)');
  return head;
}

/** Up to `limit` rows after number `afterSeq`, in chain order. */
export async function selectAuditRowsAfter(db: Db, afterSeq: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.seq, afterSeq)).orderBy(asc(auditLog.seq)).limit(limit);
}

/**
 * Chains the rows written before the chain existed (migration 0007 numbered them and left their
 * hash empty), in their order, once. Rows written since are chained when written.
 */
export async function sealUnchainedAuditRows(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    let head = await lockChainHead(tx);
    const unsealed = await tx.select().from(auditLog).where(isNull(auditLog.hash)).orderBy(asc(auditLog.seq));
    for (const row of unsealed) {
      if (row.seq !== head.seq + 1) {
        throw new Error(`audit row ${row.seq} cannot be sealed after row ${head.seq}: the chain has a gap`);
      }
      const fields: ChainedFields = { ...pickChained(row), prevHash: head.hash };
      const hash = auditRowHash(fields);
      await tx.update(auditLog).set({ prevHash: head.hash, hash }).where(eq(auditLog.id, row.id));
      head = { seq: row.seq, hash };
    }
    if (unsealed.length > 0) {
      await tx.update(auditChainHead).set(head).where(eq(auditChainHead.id, 1));
    }
    return unsealed.length;
  });
}

/** The fields of a stored row that its hash covers, except the previous hash. */
export function pickChained(row: AuditRow): Omit<ChainedFields, 'prevHash'> {
  return {
    seq: row.seq,
    actorId: row.actorId,
    actorRole: row.actorRole,
    approverId: row.approverId,
    approverRole: row.approverRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    subjectUserId: row.subjectUserId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt,
  };
}
