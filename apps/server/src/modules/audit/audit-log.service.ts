import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  type AuditPage,
} from '@candor/contracts/audit';
import { REVERSED_RANGE_MESSAGE } from '@candor/contracts/search';
import { and, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import {
  type AuditRowWithPeople,
  findSeqBound,
  selectActionsWithPrefix,
  selectAuditRowsBefore,
} from './audit.repository.ts';

/** A filter that matches nothing (a named person or a date range with no rows). */
const NOTHING: unique symbol = Symbol('nothing');

/** A user id, or the id of the account with that e-mail (NOTHING when there is none). */
async function resolvePerson(db: Db, idOrEmail: string): Promise<string | typeof NOTHING> {
  if (!idOrEmail.includes('@')) return idOrEmail;
  const user = await findUserByEmail(db, idOrEmail.toLowerCase());
  return user ? user.id : NOTHING;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a date range that ends before it starts (VALIDATION_FAILED): a mistake, not a question
 * with no answer. YYYY-MM-DD dates compare as text.
 */
export function requireOrderedRange(filter: AuditFilter): void {
  if (filter.from && filter.to && filter.to < filter.from)
    throw new AppError('VALIDATION_FAILED', REVERSED_RANGE_MESSAGE);
}

/**
 * The filters as WHERE clauses whose rows together are the answer, or NOTHING when they cannot match
 * any row. A staff member's rows are those they made and those they approved as the second staff
 * member (four-eyes): two clauses, each read through its own index (actor_id, seq) and
 * (approver_id, seq), so a page costs a page whatever the staff member's history.
 */
export async function auditWhere(db: Db, filter: AuditFilter): Promise<(SQL | undefined)[] | typeof NOTHING> {
  requireOrderedRange(filter);
  const conditions: (SQL | undefined)[] = [];
  let staffId: string | undefined;
  if (filter.actor) {
    const actorId = await resolvePerson(db, filter.actor);
    if (actorId === NOTHING) return NOTHING;
    staffId = actorId;
  }
  if (filter.subject) {
    const subjectId = await resolvePerson(db, filter.subject);
    if (subjectId === NOTHING) return NOTHING;
    conditions.push(eq(auditLog.subjectUserId, subjectId));
  }
  if (filter.kind?.endsWith('.')) {
    const actions = await selectActionsWithPrefix(db, filter.kind);
    if (actions.length === 0) return NOTHING;
    conditions.push(inArray(auditLog.action, actions));
  } else if (filter.kind) {
    conditions.push(eq(auditLog.action, filter.kind));
  }
  if (filter.from) {
    const from = new Date(`${filter.from}T00:00:00.000Z`);
    const first = await findSeqBound(db, { from });
    if (first === undefined) return NOTHING;
    // The seq bound lets the index skip to the range; the time keeps the answer exact.
    conditions.push(gte(auditLog.seq, first), gte(auditLog.createdAt, from));
  }
  if (filter.to) {
    const until = new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS);
    const last = await findSeqBound(db, { until });
    if (last === undefined) return NOTHING;
    conditions.push(lte(auditLog.seq, last), lt(auditLog.createdAt, until));
  }
  if (staffId === undefined) return [and(...conditions)];
  return [
    and(eq(auditLog.actorId, staffId), ...conditions),
    and(eq(auditLog.approverId, staffId), ...conditions),
  ];
}

/**
 * Up to `limit` rows of any of `wheres`, newest first, below `before`: each clause's own keyset
 * page, merged by number (a row both made and approved by one person is impossible, and would be
 * listed once).
 */
async function selectRowsOfAny(
  db: Db,
  { wheres, before, limit }: { wheres: (SQL | undefined)[]; before: number | undefined; limit: number },
): Promise<AuditRowWithPeople[]> {
  if (wheres.length === 1) return selectAuditRowsBefore(db, { where: wheres[0], before, limit });
  const pages = await Promise.all(wheres.map((where) => selectAuditRowsBefore(db, { where, before, limit })));
  const bySeq = new Map(pages.flat().map((found) => [found.row.seq, found]));
  return [...bySeq.values()].sort((a, b) => b.row.seq - a.row.seq).slice(0, limit);
}

export function toAuditEntry({ row, actor, approver, subject }: AuditRowWithPeople): AuditEntry {
  return {
    seq: row.seq,
    createdAt: row.createdAt.toISOString(),
    actor: { id: row.actorId, role: row.actorRole, name: actor?.name ?? null, email: actor?.email ?? null },
    approver:
      row.approverId === null
        ? null
        : {
            id: row.approverId,
            role: row.approverRole,
            name: approver?.name ?? null,
            email: approver?.email ?? null,
          },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    subject:
      row.subjectUserId === null
        ? null
        : { id: row.subjectUserId, name: subject?.name ?? null, email: subject?.email ?? null },
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/** One page of the audit log, newest first, filtered; `nextBefore` continues with older rows. */
export async function listAuditLog(db: Db, query: AuditListQuery): Promise<AuditPage> {
  const wheres = await auditWhere(db, query);
  if (wheres === NOTHING) return { items: [], nextBefore: null };
  const rows = await selectRowsOfAny(db, { wheres, before: query.before, limit: AUDIT_PAGE_SIZE + 1 });
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEntry);
  const last = items.at(-1);
  return { items, nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.seq : null };
}

const EXPORT_BATCH = 1000;

/** Every matching row, newest first, read a batch at a time (the log is never held in memory whole). */
export async function* readAuditLogInBatches(db: Db, filter: AuditFilter): AsyncGenerator<AuditEntry[]> {
  const wheres = await auditWhere(db, filter);
  if (wheres === NOTHING) return;
  let before: number | undefined;
  for (;;) {
    const rows = await selectRowsOfAny(db, { wheres, before, limit: EXPORT_BATCH });
    if (rows.length === 0) return;
    yield rows.map(toAuditEntry);
    if (rows.length < EXPORT_BATCH) return;
    before = rows.at(-1)?.row.seq;
  }
}
