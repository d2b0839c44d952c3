import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_SECURITY_MESSAGES,
  RECENT_SECURITY_EVENTS,
  SECURITY_EVENT_LABELS,
  type SecurityEventKind,
  type SecurityOverview,
  type WithdrawalProtection,
} from '@candor/contracts/account-security';
import type { AuditAction } from '@candor/contracts/audit';
import {
  extendWithdrawalWait,
  findWithdrawalBlock,
  type WithdrawalWaitCause,
} from '@candor/domain/withdrawals/withdrawal-protection';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { deleteUserSessions } from '../user-activity/user-activity.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  findAccountRole,
  findFreezeToken,
  findProtection,
  insertFreezeTokens,
  insertSecurityEvent,
  markFreezeTokenUsed,
  type ProtectionRow,
  selectSecurityEvents,
  upsertProtection,
} from './account-security.repository.ts';
import { type NoticedSecurityChange, securityChangeNotice } from './security-change-notice.ts';

/** How long a freeze link in a withdrawal e-mail works. */
export const FREEZE_LINK_TTL_MS = 30 * 24 * 60 * 60_000;

const WAIT_EVENT = {
  password_change: 'password_changed',
  password_reset: 'password_reset',
  email_change: 'email_changed',
  two_factor_change: 'two_factor_changed',
  operator_reset: 'password_reset_by_operator',
} as const satisfies Record<WithdrawalWaitCause, SecurityEventKind>;

/**
 * Starts (or extends) the 24-hour wait on new withdrawals after a security change of the account,
 * and records it as a security event the customer and staff see. Call it once the change is made:
 * after a password change or reset, an e-mail change, and turning two-factor off. It is also an
 * audit row (`withdrawals.wait`). Pass a transaction to make it part of the change.
 *
 * Its `notice` is the e-mail that tells the owner of the change and of the wait
 * (security-change-notice.ts), for the caller to send: by its outbox inside a transaction, or by the
 * mailer after one. None for an e-mail change, which is told to the old address instead
 * (email-changed-notice.ts), nor when the account is gone.
 */
export async function startWithdrawalWait(
  db: Db,
  input: { userId: string; cause: WithdrawalWaitCause; now: Date; ipAddress?: string | null },
): Promise<{ waitUntil: Date; notice: MailMessage | undefined }> {
  return db.transaction(async (tx) => {
    const current = await findProtection(tx, input.userId, { lock: true });
    const wait = extendWithdrawalWait(
      { waitUntil: current?.waitUntil ?? null, waitCause: current?.waitCause ?? null },
      input.cause,
      input.now,
    );
    await upsertProtection(tx, input.userId, { ...wait, updatedAt: input.now });
    await insertSecurityEvent(tx, {
      userId: input.userId,
      kind: WAIT_EVENT[input.cause],
      waitUntil: wait.waitUntil,
      ipAddress: input.ipAddress ?? null,
      createdAt: input.now,
    });
    // On record like every change of who may move the account's money (the account is its actor).
    await recordAudit(tx, {
      actor: { id: input.userId, role: await findAccountRole(tx, input.userId) },
      action: 'withdrawals.wait',
      targetType: 'user',
      targetId: input.userId,
      reason: SECURITY_EVENT_LABELS[WAIT_EVENT[input.cause]],
      before: { waitUntil: current?.waitUntil?.toISOString() ?? null },
      after: { waitUntil: wait.waitUntil.toISOString() },
    });
    const notice =
      input.cause === 'email_change'
        ? undefined
        : await securityChangeMail(tx, {
            userId: input.userId,
            change: input.cause,
            at: input.now,
            waitUntil: wait.waitUntil,
          });
    return { waitUntil: wait.waitUntil, notice };
  });
}

/** The owner's notice of a change that started a wait; undefined when the account is gone. */
async function securityChangeMail(
  db: Db,
  input: { userId: string; change: NoticedSecurityChange; at: Date; waitUntil: Date },
): Promise<MailMessage | undefined> {
  const user = await findUserById(db, input.userId);
  if (!user) return undefined;
  return securityChangeNotice({
    ...input,
    to: user.email,
    name: user.name,
    siteName: await readSiteName(db),
  });
}

function toProtection(row: ProtectionRow | undefined, now: Date): WithdrawalProtection {
  const block = findWithdrawalBlock(
    { waitUntil: row?.waitUntil ?? null, waitCause: row?.waitCause ?? null, frozenAt: row?.frozenAt ?? null },
    now,
  );
  const waiting = row?.waitUntil && row.waitCause && row.waitUntil.getTime() > now.getTime();
  return {
    frozen: Boolean(row?.frozenAt),
    frozenAt: row?.frozenAt?.toISOString() ?? null,
    waitUntil: waiting ? (row.waitUntil?.toISOString() ?? null) : null,
    waitCause: waiting ? row.waitCause : null,
    message: block ? blockMessage(block) : null,
  };
}

function blockMessage(block: NonNullable<ReturnType<typeof findWithdrawalBlock>>): string {
  return block.kind === 'frozen'
    ? ACCOUNT_SECURITY_MESSAGES.frozen
    : ACCOUNT_SECURITY_MESSAGES.waiting(block.cause, block.until.toISOString());
}

/** Whether the customer can request a withdrawal now, and what the page says when not. */
export async function readWithdrawalProtection(
  db: Db,
  userId: string,
  now: Date,
): Promise<WithdrawalProtection> {
  return toProtection(await findProtection(db, userId), now);
}

/**
 * Refuses a new withdrawal (or a step that moves one on, such as its confirmation) while the
 * account is frozen (423 WITHDRAWALS_FROZEN) or waits after a security change (423
 * WITHDRAWALS_PAUSED, saying why and until when).
 */
export async function requireWithdrawalsAllowed(tx: Db, userId: string, now: Date): Promise<void> {
  const refusal = withdrawalsRefusal(await findProtection(tx, userId), now);
  if (refusal) throw refusal;
}

/** The refusal `requireWithdrawalsAllowed` throws for an account with this protection row, or undefined. */
export function withdrawalsRefusal(row: ProtectionRow | undefined, now: Date): AppError | undefined {
  const block = findWithdrawalBlock(
    { waitUntil: row?.waitUntil ?? null, waitCause: row?.waitCause ?? null, frozenAt: row?.frozenAt ?? null },
    now,
  );
  if (!block) return undefined;
  return new AppError(
    block.kind === 'frozen' ? 'WITHDRAWALS_FROZEN' : 'WITHDRAWALS_PAUSED',
    blockMessage(block),
  );
}

function hashFreezeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new freeze link for the account, to put in a withdrawal e-mail: a random single-purpose token
 * (only its hash is stored), valid 30 days, usable once.
 */
export async function issueFreezeLink(
  tx: Db,
  input: { userId: string; withdrawalId: string | null; now: Date; publicUrl: string },
): Promise<string> {
  const [link] = await issueFreezeLinks(tx, [input], input);
  if (link === undefined) throw new Error('the freeze link was not issued');
  return link;
}

/** `issueFreezeLink` for several withdrawals at once (one statement): the links, in the order asked. */
export async function issueFreezeLinks(
  tx: Db,
  links: ReadonlyArray<{ userId: string; withdrawalId: string | null }>,
  options: { now: Date; publicUrl: string },
): Promise<string[]> {
  const { urls, stored } = sendFreezeLinks(tx, links, options);
  await stored;
  return urls;
}

/**
 * `issueFreezeLinks` without waiting for the statement that stores them: the links at once, and the
 * statement's answer (sent before this returns, so statements sent after it run after it; a
 * batch sends it with its COMMIT, docs/decisions/041).
 */
export function sendFreezeLinks(
  tx: Db,
  links: ReadonlyArray<{ userId: string; withdrawalId: string | null }>,
  { now, publicUrl }: { now: Date; publicUrl: string },
): { urls: string[]; stored: Promise<void> } {
  const tokens = links.map(() => randomBytes(32).toString('base64url'));
  const stored = insertFreezeTokens(
    tx,
    links.map(({ userId, withdrawalId }, index) => ({
      tokenHash: hashFreezeToken(tokens[index] as string),
      userId,
      withdrawalId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + FREEZE_LINK_TTL_MS),
    })),
  );
  return { urls: tokens.map((token) => `${publicUrl}/freeze?token=${encodeURIComponent(token)}`), stored };
}

/**
 * The freeze link was opened: withdrawals stop at once (new requests and confirmations are refused;
 * undecided ones stay for staff) and every session of the account ends. The account's cash is
 * locked first, so a withdrawal request running at the same moment either commits before or is
 * refused after. Recorded as a security event and in the audit log (the customer is the actor).
 */
export async function freezeWithdrawals({
  tx,
  now,
  token,
}: {
  tx: Db;
  now: Date;
  token: string;
}): Promise<void> {
  const hash = hashFreezeToken(token);
  const found = await findFreezeToken(tx, hash);
  if (!found || found.usedAt || found.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('INVALID_TOKEN', ACCOUNT_SECURITY_MESSAGES.invalidFreezeLink);
  }
  await markFreezeTokenUsed(tx, hash, now);
  await lockCustomerAccounts(tx, [found.userId]);
  const before = await findProtection(tx, found.userId, { lock: true });
  const frozenAt = before?.frozenAt ?? now;
  await upsertProtection(tx, found.userId, { frozenAt, updatedAt: now });
  const ended = await deleteUserSessions(tx, found.userId);
  await insertSecurityEvent(tx, { userId: found.userId, kind: 'withdrawals_frozen', createdAt: now });
  await recordAudit(tx, {
    actor: { id: found.userId, role: 'client' },
    action: 'withdrawals.freeze',
    targetType: 'user',
    targetId: found.userId,
    reason: 'The customer opened the freeze link of a withdrawal e-mail',
    before: { frozenAt: before?.frozenAt?.toISOString() ?? null },
    after: {
      frozenAt: frozenAt.toISOString(),
      sessionsEnded: ended.length,
      withdrawalId: found.withdrawalId,
    },
  });
}

async function endFreeze(
  tx: Db,
  input: {
    userId: string;
    actor: Actor;
    now: Date;
    reason: string;
    kind: SecurityEventKind;
    action: AuditAction;
  },
): Promise<WithdrawalProtection> {
  await lockCustomerAccounts(tx, [input.userId]);
  const before = await findProtection(tx, input.userId, { lock: true });
  if (!before?.frozenAt) throw new AppError('CONFLICT', ACCOUNT_SECURITY_MESSAGES.notFrozen);
  const after = await upsertProtection(tx, input.userId, { frozenAt: null, updatedAt: input.now });
  await insertSecurityEvent(tx, { userId: input.userId, kind: input.kind, createdAt: input.now });
  await recordAudit(tx, {
    actor: input.actor,
    action: input.action,
    targetType: 'user',
    targetId: input.userId,
    reason: input.reason,
    before: { frozenAt: before.frozenAt.toISOString() },
    after: { frozenAt: null },
  });
  return toProtection(after, input.now);
}

/** The signed-in customer (their password checked by the caller) lifts their own freeze. */
export function unfreezeWithdrawals({ tx, actor, now }: { tx: Db; actor: Actor; now: Date }) {
  return endFreeze(tx, {
    userId: actor.id,
    actor,
    now,
    reason: 'The customer unfroze withdrawals after signing in',
    kind: 'withdrawals_unfrozen',
    action: 'withdrawals.unfreeze',
  });
}

/** A staff member releases a customer's freeze, with a reason (audited). */
export function releaseWithdrawalFreeze({
  tx,
  actor,
  now,
  userId,
  reason,
}: {
  tx: Db;
  actor: Actor;
  now: Date;
  userId: string;
  reason: string;
}) {
  return endFreeze(tx, {
    userId,
    actor,
    now,
    reason,
    kind: 'freeze_released',
    action: 'withdrawals.release_freeze',
  });
}

/** /account and /user/{id}: the protection state and the latest security events. */
export async function readSecurityOverview(db: Db, userId: string, now: Date): Promise<SecurityOverview> {
  const [protection, events] = await Promise.all([
    readWithdrawalProtection(db, userId, now),
    selectSecurityEvents(db, userId, RECENT_SECURITY_EVENTS),
  ]);
  return {
    protection,
    events: events.map((row) => ({
      id: row.id,
      kind: row.kind,
      label: SECURITY_EVENT_LABELS[row.kind],
      createdAt: row.createdAt.toISOString(),
      waitUntil: row.waitUntil?.toISOString() ?? null,
      ipAddress: row.ipAddress,
    })),
  };
}
