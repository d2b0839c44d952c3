import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import type { Actor } from '../../lib/actor.ts';

export type AuditEntry = {
  actor: Actor;
  action: string;
  targetType: string;
  targetId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Records one staff action (who, what, on whom, why, before and after). Call it inside the transaction of the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
