import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

/** Who acted: a signed-in administrator, or the operator at the command line. */
export type AuditActor = { id: string; role: string };
export const COMMAND_LINE_ACTOR: AuditActor = { id: 'cli', role: 'operator' };

export type AuditEntry = {
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Records one administrator action. Call it inside the same transaction as the change. */
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
