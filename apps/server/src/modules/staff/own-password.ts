import type { UserRole } from '@candor/contracts/auth';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { clearPasswordChosenByOther } from '../users/users.repository.ts';

/**
 * A staff member whose password the owner chose (Staff tab) has set their own through a reset link:
 * the password now signs in, and the audit log records when, and whether the link was one the
 * site's operator issued (decision 049, "A password chosen by someone else"). Anyone else's reset
 * records nothing here.
 */
export async function recordOwnPassword(
  db: Db,
  { userId, now, viaOperatorLink }: { userId: string; now: Date; viaOperatorLink: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await clearPasswordChosenByOther(tx, userId, now);
    if (!member) return;
    await recordAudit(tx, {
      actor: { id: userId, role: member.role as UserRole },
      action: 'user.own_password',
      targetType: 'user',
      targetId: userId,
      before: { password: 'chosen by another staff member' },
      after: { password: 'their own', via: viaOperatorLink ? 'operator_reset_link' : 'reset_link' },
    });
  });
}
