import { isStaffRole } from '@candor/contracts/staff';
import { STAFF_MESSAGES } from '@candor/contracts/staff-members';
import {
  type AccountActivity,
  type ActiveSession,
  type ActiveSessionList,
  type EndedSessions,
  RECENT_SIGN_INS,
  SESSION_MESSAGES,
  type SignInRecord,
} from '@candor/contracts/user-activity';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { isOwner } from '../staff/staff.repository.ts';
import { requireLockedUser, requireUser } from '../users/users.service.ts';
import {
  deleteUserSession,
  deleteUserSessions,
  deleteUserSessionsExcept,
  type SessionRow,
  type SignInRow,
  selectActiveSessions,
  selectRecentSignIns,
} from './user-activity.repository.ts';

export function toSignInRecord(row: SignInRow): SignInRecord {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

function toActiveSession(row: SessionRow, currentSessionId: string | undefined): ActiveSession {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === currentSessionId,
  };
}

/** The user's latest sign-ins, newest first. */
export async function readRecentSignIns(db: Db, userId: string): Promise<SignInRecord[]> {
  return (await selectRecentSignIns(db, userId, RECENT_SIGN_INS)).map(toSignInRecord);
}

/** What the customer sees of their own account: recent sign-ins and active sessions (theirs marked). */
export async function readAccountActivity(
  db: Db,
  { userId, currentSessionId, now }: { userId: string; currentSessionId: string | undefined; now: Date },
): Promise<AccountActivity> {
  const [signIns, sessions] = await Promise.all([
    readRecentSignIns(db, userId),
    selectActiveSessions(db, userId, now),
  ]);
  return { signIns, sessions: sessions.map((row) => toActiveSession(row, currentSessionId)) };
}

/** A customer ends one of their own sessions (not audited: it is not a staff action). */
export async function endOwnSession({ tx, actor, sessionId }: Command<{ sessionId: string }>): Promise<void> {
  const ended = await deleteUserSession(tx, actor.id, sessionId);
  if (!ended) throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound);
}

/**
 * A signed-in person (customer or staff) ends every one of their sessions but the one asking
 * (a password they think stolen): like ending one, not audited. The ended sessions are refused on
 * their next request, as the session row is read on every request (session-reader.ts).
 */
export async function endOtherOwnSessions({
  tx,
  actor,
  currentSessionId,
}: Command<{ currentSessionId: string }>): Promise<EndedSessions> {
  const ended = await deleteUserSessionsExcept(tx, actor.id, currentSessionId);
  return { ended: ended.length };
}

/** The customer whose sessions staff manage here; a staff member's sessions are not theirs to end. */
async function requireCustomer(db: Db, userId: string): Promise<void> {
  const user = await requireUser(db, userId);
  if (user.role !== 'client') throw new AppError('FORBIDDEN', "Only a customer's sessions are managed here.");
}

/** A customer's active sessions, as staff see them. */
export async function listCustomerSessions(db: Db, userId: string, now: Date): Promise<ActiveSessionList> {
  await requireCustomer(db, userId);
  const rows = await selectActiveSessions(db, userId, now);
  return { items: rows.map((row) => toActiveSession(row, undefined)) };
}

function sessionSummary(row: SessionRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

/** A staff member ends one of a customer's sessions (audited, with an optional reason). */
export async function endCustomerSession({
  tx,
  actor,
  userId,
  sessionId,
  reason,
}: Command<{ userId: string; sessionId: string; reason: string | undefined }>): Promise<EndedSessions> {
  await requireCustomer(tx, userId);
  const ended = await deleteUserSession(tx, userId, sessionId);
  if (!ended) throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound);
  await recordAudit(tx, {
    actor,
    action: 'user.session_ended',
    targetType: 'user',
    targetId: userId,
    reason: reason || null,
    before: { session: sessionSummary(ended) },
    after: null,
  });
  return { ended: 1 };
}

/** A staff member ends every session of a customer (audited, with an optional reason). */
export async function endCustomerSessions({
  tx,
  actor,
  userId,
  reason,
}: Command<{ userId: string; reason: string | undefined }>): Promise<EndedSessions> {
  await requireCustomer(tx, userId);
  const ended = await deleteUserSessions(tx, userId);
  await recordAudit(tx, {
    actor,
    action: 'user.sessions_ended',
    targetType: 'user',
    targetId: userId,
    reason: reason || null,
    before: { sessions: ended.map(sessionSummary) },
    after: { sessions: [] },
  });
  return { ended: ended.length };
}

/**
 * The owner ('staff.manage') ends every session of another staff member (a stolen laptop), with a
 * reason, audited as a customer's are. Not their own (their account security page ends those), not
 * a customer's (their page does). The member's row is locked as a role change locks it (decision
 * 055), so a role written meanwhile decides; an owner demoted meanwhile acts no more.
 */
export async function endStaffSessions({
  tx,
  actor,
  userId,
  reason,
}: Command<{ userId: string; reason: string }>): Promise<EndedSessions> {
  if (userId === actor.id) throw new AppError('CONFLICT', STAFF_MESSAGES.ownSessions);
  const member = await requireLockedUser(tx, userId);
  if (member.status === 'closed') throw new AppError('USER_NOT_FOUND', 'User not found');
  if (!isStaffRole(member.role)) throw new AppError('CONFLICT', STAFF_MESSAGES.notStaffMember);
  if (!(await isOwner(tx, actor.id))) throw new AppError('FORBIDDEN', 'Only an owner manages the staff');
  const ended = await deleteUserSessions(tx, userId);
  await recordAudit(tx, {
    actor,
    action: 'user.sessions_ended',
    targetType: 'user',
    targetId: userId,
    reason,
    before: { sessions: ended.map(sessionSummary) },
    after: { sessions: [] },
  });
  return { ended: ended.length };
}
