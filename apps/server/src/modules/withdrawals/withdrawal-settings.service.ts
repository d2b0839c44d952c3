import type {
  UpdateWithdrawalSettingsRequest,
  WithdrawalSettings,
} from '@candor/contracts/withdrawal-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { withdrawalSettings } from '../../db/schema/withdrawals.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';

type SettingsRow = typeof withdrawalSettings.$inferSelect;

/** Every customer starts with no hold and no confirmation code. */
const DEFAULT_SETTINGS: WithdrawalSettings = {
  holdEnabled: false,
  holdReason: null,
  requireCode: false,
  updatedAt: null,
};

function toWithdrawalSettings(row: SettingsRow | undefined): WithdrawalSettings {
  if (!row) return DEFAULT_SETTINGS;
  return {
    holdEnabled: row.holdEnabled,
    holdReason: row.holdReason,
    requireCode: row.requireCode,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A customer's withdrawal settings (the defaults, hold off and no code, when an administrator
 * never set them). Does not check that the user exists.
 */
export async function readWithdrawalSettings(db: Db, userId: string): Promise<WithdrawalSettings> {
  const [row] = await db.select().from(withdrawalSettings).where(eq(withdrawalSettings.userId, userId));
  return toWithdrawalSettings(row);
}

async function requireUser(db: Db, userId: string, lock: boolean): Promise<void> {
  const query = db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  // NO KEY UPDATE: two administrators saving at once take turns, while the customer's own
  // requests (which only reference the user row) are not blocked.
  const [user] = lock ? await query.for('no key update') : await query;
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
}

/** GET /api/admin/users/:id/withdrawal-settings */
export async function requireWithdrawalSettings(db: Db, userId: string): Promise<WithdrawalSettings> {
  await requireUser(db, userId, false);
  return readWithdrawalSettings(db, userId);
}

/**
 * Sets a customer's withdrawal hold (with the reason the customer reads) and whether each request
 * needs an e-mailed code, recording before and after. The settings apply to requests submitted or
 * confirmed from now on; a request already on hold stays on hold until an administrator releases it.
 */
export async function updateWithdrawalSettings(
  db: Db,
  actor: AuditActor,
  userId: string,
  input: UpdateWithdrawalSettingsRequest,
): Promise<WithdrawalSettings> {
  return db.transaction(async (tx) => {
    await requireUser(tx, userId, true);
    const [beforeRow] = await tx
      .select()
      .from(withdrawalSettings)
      .where(eq(withdrawalSettings.userId, userId))
      .for('update');
    const values = {
      holdEnabled: input.holdEnabled,
      holdReason: input.holdReason.length > 0 ? input.holdReason : null,
      requireCode: input.requireCode,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    const [afterRow] = await tx
      .insert(withdrawalSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: withdrawalSettings.userId, set: values })
      .returning();
    const before = toWithdrawalSettings(beforeRow);
    const after = toWithdrawalSettings(afterRow);
    await recordAudit(tx, {
      actor,
      action: 'user.withdrawal_settings',
      targetType: 'user',
      targetId: userId,
      reason: after.holdEnabled ? after.holdReason : null,
      before,
      after,
    });
    return after;
  });
}
