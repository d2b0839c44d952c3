import type { AuditAction } from '@candor/contracts/audit';
import { and, asc, desc, eq, gt, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { required } from '../../db/require.ts';
import { auditChainHead, auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { asStoredJson, auditRowHash, type ChainedFields, canonicalParts } from './audit-chain.ts';
import { refuseDecisionOnOwnAccount } from './own-account.ts';

export type AuditEntry = {
  actor: Actor;
  /** The second staff member of a four-eyes decision. */
  approver?: Actor | null;
  action: AuditAction;
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
 * Records one staff action (who, what, on whom, why, before and after), inside the transaction of
 * the change. Rows chain in the order they commit: the append locks the chain's head until the
 * commit, so it is kept as short as it can be (docs/decisions/039): the row is appended, hashed and
 * the head moved by one statement, and in a transaction opened by `holdAuditsUntilCommit` (every
 * use case run by lib/transactions.ts) that statement runs last, just before the commit, whatever
 * the use case does after recording.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  refuseDecisionOnOwnAccount(entry);
  const held = heldAudits.get(db);
  if (held) held.push(entry);
  else await appendAudits(db, [entry]);
}

/** Audits recorded in a transaction, waiting to be appended before its commit. */
const heldAudits = new WeakMap<Db, AuditEntry[]>();

/**
 * Makes `recordAudit` in transaction `tx` wait for `appendHeldAudits(tx)`, which the caller runs as
 * the transaction's last statement (a rolled-back transaction never runs it: nothing is recorded).
 */
export function holdAuditsUntilCommit(tx: Db): void {
  heldAudits.set(tx, []);
}

/**
 * A data-modifying statement with a RETURNING clause that must run just before the commit (an
 * idempotent request's key and answer), with the audits: it must return a row, or it fails with
 * `failure` (db/require.ts).
 */
export type HeldAlongside = { statement: SQL; failure: string };

/**
 * Appends, in order, the audits held in `tx` since `holdAuditsUntilCommit(tx)`, in one statement.
 * `alongside` travels with it: one round trip for both, or its own when nothing was audited.
 * Whatever they check is checked by the statement itself, in the database (db/require.ts): it may
 * leave with the COMMIT right behind it (lib/transactions.ts). The statement is sent before this
 * returns.
 */
export function appendHeldAudits(tx: Db, alongside?: HeldAlongside): Promise<void> {
  const held = heldAudits.get(tx) ?? [];
  heldAudits.delete(tx);
  if (held.length > 0) return appendAudits(tx, held, alongside);
  if (!alongside) return Promise.resolve();
  return selectRows(
    tx,
    sql`with alongside as (${alongside.statement}) select ${returnedARow(alongside)} as ok`,
  ).then(() => undefined);
}

/** The check that the statement named `alongside` in the same statement returned a row. */
function returnedARow({ failure }: HeldAlongside): SQL {
  return required(sql`(select count(*) from alongside) > 0`, failure);
}

/** The columns of an audit row that its entry gives, and the parts of its canonical form. */
function entryRecord(entry: AuditEntry, n: number) {
  const fields = {
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
  };
  const parts = canonicalParts(fields);
  return {
    n,
    prefix: parts.prefix,
    after_created_at: parts.afterCreatedAt,
    after_prev_hash: parts.afterPrevHash,
    suffix: parts.suffix,
    actor_id: fields.actorId,
    actor_role: fields.actorRole,
    approver_id: fields.approverId,
    approver_role: fields.approverRole,
    action: fields.action,
    target_type: fields.targetType,
    target_id: fields.targetId,
    subject_user_id: fields.subjectUserId,
    reason: fields.reason,
    before: fields.before,
    after: fields.after,
  };
}

/**
 * One statement, for any number of entries: locks the chain's head, appends the rows in order, each
 * with the next number, the database's time (milliseconds, so it reads back exactly; under the
 * lock, so times never go back along the chain) and its SHA-256 over the canonical form (the same as
 * `auditRowHash`) chained to the row before it (a recursive query, one step per row), and moves the
 * head to the last. A batch of approvals appends its audits in one round trip instead of one each.
 */
async function appendAudits(
  db: Db,
  entries: readonly AuditEntry[],
  alongside?: HeldAlongside,
): Promise<void> {
  const records = JSON.stringify(entries.map((entry, index) => entryRecord(entry, index + 1)));
  const rowHash = (step: SQL) => sql`encode(sha256(convert_to(
      e.prefix || to_char(${step}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      || e.after_created_at || ${step}.prev_hash || e.after_prev_hash || ${step}.seq::text || e.suffix,
      'UTF8')), 'hex')`;
  await selectRows(
    db,
    sql`
    with recursive ${alongside ? sql`alongside as (${alongside.statement}), ` : sql``}entries as (
      select * from jsonb_to_recordset(${records}::jsonb) as e(
        n int, prefix text, after_created_at text, after_prev_hash text, suffix text, actor_id text,
        actor_role text, approver_id text, approver_role text, action text, target_type text, target_id text,
        subject_user_id text, reason text, before jsonb, after jsonb)
    ), head as (
      select seq, hash from audit_chain_head where id = 1 for update
    ), chain as (
      select e.n, s.seq, s.prev_hash, s.created_at, ${rowHash(sql`s`)} as hash
        from head h
        cross join lateral (select h.seq + 1 as seq, h.hash as prev_hash,
                                   date_trunc('milliseconds', clock_timestamp()) as created_at) s
        join entries e on e.n = 1
      union all
      select e.n, s.seq, s.prev_hash, s.created_at, ${rowHash(sql`s`)}
        from chain c
        join entries e on e.n = c.n + 1
        cross join lateral (select c.seq + 1 as seq, c.hash as prev_hash,
                                   date_trunc('milliseconds', clock_timestamp()) as created_at) s
    ), appended as (
      insert into audit_log (seq, actor_id, actor_role, approver_id, approver_role, action, target_type, target_id,
                             subject_user_id, reason, before, after, created_at, prev_hash, hash)
      select c.seq, e.actor_id, e.actor_role, e.approver_id, e.approver_role, e.action, e.target_type, e.target_id,
             e.subject_user_id, e.reason, e.before, e.after, c.created_at, c.prev_hash, c.hash
        from chain c join entries e on e.n = c.n
      returning seq, hash
    ), moved as (
      update audit_chain_head h set seq = a.seq, hash = a.hash
        from (select seq, hash from appended order by seq desc limit 1) a
       where h.id = 1
      returning a.seq
    )
    select ${required(sql`(select count(*) from moved) = 1`, NO_CHAIN_HEAD)} as head${
      alongside ? sql`, ${returnedARow(alongside)} as alongside` : sql``
    }`,
  );
}

const NO_CHAIN_HEAD = 'the audit chain has no head row (migration 0007)';

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

const actorUsers = alias(users, 'audit_actors');
const approverUsers = alias(users, 'audit_approvers');
const subjectUsers = alias(users, 'audit_subjects');

/** An audit row with the names and e-mails of the accounts it names (null for 'cli', 'system' or unknown ids). */
export type AuditRowWithPeople = {
  row: AuditRow;
  actor: { name: string; email: string } | null;
  approver: { name: string; email: string } | null;
  subject: { name: string; email: string } | null;
};

/**
 * Up to `limit` rows matching `where`, newest first (seq descending), numbered below `before` when
 * given: one keyset page. The (actor_id, seq), (subject_user_id, seq) and (action, seq) indexes
 * serve the filtered pages, the seq index the rest.
 */
export async function selectAuditRowsBefore(
  db: Db,
  { where, before, limit }: { where: SQL | undefined; before: number | undefined; limit: number },
): Promise<AuditRowWithPeople[]> {
  const rows = await db
    .select({
      row: auditLog,
      actorName: actorUsers.name,
      actorEmail: actorUsers.email,
      approverName: approverUsers.name,
      approverEmail: approverUsers.email,
      subjectName: subjectUsers.name,
      subjectEmail: subjectUsers.email,
    })
    .from(auditLog)
    .leftJoin(actorUsers, eq(actorUsers.id, auditLog.actorId))
    .leftJoin(approverUsers, eq(approverUsers.id, auditLog.approverId))
    .leftJoin(subjectUsers, eq(subjectUsers.id, auditLog.subjectUserId))
    .where(and(where, before === undefined ? undefined : lt(auditLog.seq, before)))
    .orderBy(desc(auditLog.seq))
    .limit(limit);
  const person = (name: string | null, email: string | null) =>
    name === null || email === null ? null : { name, email };
  return rows.map((r) => ({
    row: r.row,
    actor: person(r.actorName, r.actorEmail),
    approver: person(r.approverName, r.approverEmail),
    subject: person(r.subjectName, r.subjectEmail),
  }));
}

/**
 * The number of the first row written at or after `from` (by its time, through the created_at
 * index), or of the last one written before `until`: rows are numbered in the order they are
 * written, so a date range is a range of numbers the seq index reads directly.
 */
export async function findSeqBound(
  db: Db,
  bound: { from: Date } | { until: Date },
): Promise<number | undefined> {
  const [row] =
    'from' in bound
      ? await db
          .select({ seq: auditLog.seq })
          .from(auditLog)
          .where(gte(auditLog.createdAt, bound.from))
          .orderBy(asc(auditLog.createdAt), asc(auditLog.seq))
          .limit(1)
      : await db
          .select({ seq: auditLog.seq })
          .from(auditLog)
          .where(lt(auditLog.createdAt, bound.until))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
          .limit(1);
  return row?.seq;
}

/**
 * The distinct actions starting with `prefix`, read by skipping through the (action, seq) index
 * one action at a time (a few dozen lookups, whatever the log's size). A LIKE on the column cannot
 * use that index under the database's collation; a list of actions can.
 */
export async function selectActionsWithPrefix(db: Db, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await selectRows<{ action: string | null }>(
    db,
    sql`with recursive actions(action) as (
          (select action from audit_log order by action limit 1)
          union all
          select (select l.action from audit_log l where l.action > actions.action order by l.action limit 1)
            from actions where actions.action is not null
        )
        select action from actions where action like ${pattern}`,
  );
  return rows.flatMap((row) => (row.action === null ? [] : [row.action]));
}
