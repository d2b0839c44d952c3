import type {
  UpdateWithdrawalSettingsRequest,
  WithdrawalSettings,
} from '@candor/contracts/withdrawal-settings';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { requireCustomerAccount, requireLockedUser, requireUser } from '../users/users.service.ts';
import {
  findWithdrawalSettings,
  upsertWithdrawalSettings,
  type WithdrawalSettingsRow,
} from './withdrawals.repository.ts';

/** Every customer starts with no hold and no confirmation code. */
const DEFAULT_SETTINGS: WithdrawalSettings = {
  holdEnabled: false,
  holdReason: null,
  requireCode: false,
  updatedAt: null,
};

/** A customer's settings as stored (undefined: never set, the defaults). */
export function toWithdrawalSettings(row: WithdrawalSettingsRow | undefined): WithdrawalSettings {
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
  return toWithdrawalSettings(await findWithdrawalSettings(db, userId));
}

/** GET /api/admin/users/:id/withdrawal-settings */
export async function requireWithdrawalSettings(db: Db, userId: string): Promise<WithdrawalSettings> {
  await requireUser(db, userId);
  return readWithdrawalSettings(db, userId);
}

/**
 * Sets a customer's withdrawal hold (with the reason the customer reads) and whether each request
 * needs an e-mailed code, recording before and after; a save of the settings in force changes and
 * records nothing. The settings apply to requests submitted or
 * confirmed from now on; a request already on hold stays on hold until an administrator releases it.
 * A staff account's are not changed (403 FORBIDDEN, docs/decisions/062): nothing moves through its
 * withdrawals. Its role is read from the row locked here, the lock the Staff tab takes to write a role
 * (decision 055), so a role written meanwhile decides.
 */
export async function updateWithdrawalSettings({
  tx,
  actor,
  now,
  userId,
  input,
}: Command<{ userId: string; input: UpdateWithdrawalSettingsRequest }>): Promise<WithdrawalSettings> {
  requireCustomerAccount(await requireLockedUser(tx, userId));
  const before = toWithdrawalSettings(await findWithdrawalSettings(tx, userId, { lock: true }));
  const wanted = {
    holdEnabled: input.holdEnabled,
    holdReason: input.holdReason.length > 0 ? input.holdReason : null,
    requireCode: input.requireCode,
  };
  // A save that changes nothing writes and records nothing (QA finding 13): the settings in force.
  if (
    wanted.holdEnabled === before.holdEnabled &&
    wanted.holdReason === before.holdReason &&
    wanted.requireCode === before.requireCode
  )
    return before;
  const after = toWithdrawalSettings(
    await upsertWithdrawalSettings(tx, userId, { ...wanted, updatedBy: actor.id, updatedAt: now }),
  );
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
}
