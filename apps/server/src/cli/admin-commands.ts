import { OPERATOR_RESET_NOTICE_DAYS } from '@candor/contracts/account-security';
import { USER_ROLES, type UserRole, UserRoleSchema } from '@candor/contracts/auth';
import { OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS } from '@candor/domain/withdrawals/withdrawal-protection';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { COMMAND_LINE_ACTOR } from '../lib/actor.ts';
import { AppError } from '../lib/app-error.ts';
import { HOUR_MS, runHousekeeping } from '../lib/housekeeping-job.ts';
import { ensureInstanceSecret } from '../lib/instance-secret.ts';
import { recordAudit } from '../modules/audit/audit.repository.ts';
import { verifyAuditChain } from '../modules/audit/verify-audit-chain.ts';
import { reconcileLedger } from '../modules/ledger/reconcile.ts';
import { createOperatorResetLink } from '../modules/password-resets/reset-link.ts';
import { readSiteName } from '../modules/settings/settings.service.ts';
import { assignRole } from '../modules/staff/staff.service.ts';
import { requireStrongStaffPassword } from '../modules/staff/staff-password.ts';
import { createStorageFromEnv } from '../modules/storage/storage-from-env.ts';
import { findUserByEmail, makeVerifiedStaff } from '../modules/users/users.repository.ts';
import { requireLockedUser } from '../modules/users/users.service.ts';
import { whileMakingVerifiedAccount } from '../modules/users/verified-at-once.ts';

export const ADMIN_COMMANDS = [
  'create',
  'role',
  'reconcile',
  'verify-audit',
  'reset-link',
  'housekeeping',
] as const;
export type AdminCommandName = (typeof ADMIN_COMMANDS)[number];

/** One admin command and its options, as typed at the command line (or sent to the running server). */
export type AdminRequest = {
  command: AdminCommandName;
  email?: string;
  password?: string;
  username?: string;
  fullname?: string;
  role?: string;
};

/** What a command printed and its exit code: 0 done, 1 a check found a problem, 2 bad input. */
export type AdminAnswer = { code: 0 | 1 | 2; out: string[]; err: string[] };

export const USAGE = `Usage:
  npm run admin -- create --email E --password P --username U --fullname F
  npm run admin -- role --email E --role R     (R: ${USER_ROLES.join(', ')})
  npm run admin -- reconcile
  npm run admin -- verify-audit
  npm run admin -- reset-link --email E     (a one-time password reset link for E, valid 1 hour;
                                               the customer will see it was the operator's)
  npm run admin -- housekeeping     (now: expired idempotency keys and unused uploads go)`;

/** Bad input: the answer is its message and exit code 2. */
export class UsageError extends Error {}

export function isAdminCommand(name: string | undefined): name is AdminCommandName {
  return (ADMIN_COMMANDS as readonly string[]).includes(name ?? '');
}

/**
 * Runs one admin command on a database, wherever it runs: in the command's own process, or in
 * the server that holds the embedded database (docs/decisions/015). Everything it changes is
 * audited as the command line.
 */
export async function runAdminCommand(db: Db, env: Env, request: AdminRequest): Promise<AdminAnswer> {
  const answer: AdminAnswer = { code: 0, out: [], err: [] };
  try {
    if (request.command === 'reconcile') await reconcile(db, answer);
    else if (request.command === 'verify-audit') await verifyAudit(db, answer);
    else if (request.command === 'create') await createOwner(db, env, request, answer);
    else if (request.command === 'housekeeping') await housekeepNow(db, env, answer);
    else if (request.command === 'reset-link') await issueResetLink(db, env, request.email ?? '', answer);
    else await setRole(db, request.email ?? '', requireRole(request.role), answer);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { code: 2, out: answer.out, err: [...answer.err, error.message] };
  }
  return answer;
}

/** The options a command needs, checked before any database is opened. */
export function checkAdminRequest(request: AdminRequest): void {
  if (request.command === 'role' || request.command === 'create' || request.command === 'reset-link') {
    if (!request.email) throw new UsageError(`--email is required\n${USAGE}`);
  }
  if (request.command === 'role') requireRole(request.role);
  if (request.command === 'create') {
    const { email, password, username, fullname } = request;
    if (!email || !password || !username || !fullname) {
      throw new UsageError(`create needs --email, --password, --username and --fullname\n${USAGE}`);
    }
    if (password.length < 8) throw new UsageError('The password must be at least 8 characters.');
  }
}

async function createOwner(db: Db, env: Env, request: AdminRequest, answer: AdminAnswer): Promise<void> {
  checkAdminRequest(request);
  const { email = '', password = '', username = '', fullname = '' } = request;
  const normalized = email.trim().toLowerCase();
  if (await findUserByEmail(db, normalized))
    throw new UsageError(
      `An account with the e-mail ${normalized} already exists. Use: npm run admin -- role --email ${normalized} --role owner`,
    );
  try {
    await requireStrongStaffPassword(db, password, { email: normalized, username, name: fullname });
  } catch (error) {
    if (error instanceof AppError && error.code === 'WEAK_PASSWORD') throw new UsageError(error.message);
    throw error;
  }
  // Loaded here, not with the module: the sign-up is the only command that needs better-auth and
  // the mailer, whose loading is most of a command's start-up under tsx (`npm run admin`).
  const [{ createAuth }, { createMailer }] = await Promise.all([
    import('../plugins/auth.ts'),
    import('../modules/mail/mailer.ts'),
  ]);
  const auth = createAuth({
    db,
    mailer: createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    secret: env.AUTH_SECRET ?? (await ensureInstanceSecret(db, 'auth')),
    publicUrl: env.publicUrl,
    siteName: () => readSiteName(db),
    quiet: true,
  });
  try {
    await whileMakingVerifiedAccount(() =>
      auth.api.signUpEmail({ body: { email: normalized, password, name: fullname, username } }),
    );
  } catch (error) {
    throw new UsageError(
      `Could not create the account: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await db.transaction(async (tx) => {
    const createdId = await makeVerifiedStaff(tx, { email: normalized, role: 'owner', now: new Date() });
    await recordAudit(tx, {
      actor: COMMAND_LINE_ACTOR,
      action: 'staff.create_owner',
      targetType: 'user',
      targetId: createdId,
      after: { email: normalized, username, role: 'owner' },
    });
  });
  answer.out.push(`Owner ${normalized} created. Sign in at ${env.publicUrl}/`);
}

function requireRole(role: string | undefined): UserRole {
  const parsed = UserRoleSchema.safeParse(role);
  if (!parsed.success) throw new UsageError(`--role must be one of: ${USER_ROLES.join(', ')}\n${USAGE}`);
  return parsed.data;
}

/**
 * The operator may give any account any role (the Staff tab's owner-only guard rails are for the
 * web), through the same `assignRole` as the Staff tab: a customer holding money or open business
 * stays a customer (exit code 2, nothing changed).
 */
async function setRole(db: Db, email: string, role: UserRole, answer: AdminAnswer): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const found = await findUserByEmail(db, normalized);
  if (!found) throw new UsageError(`No account found with that email address: ${normalized}`);
  try {
    await db.transaction(async (tx) => {
      const user = await requireLockedUser(tx, found.id);
      await assignRole({ tx, actor: COMMAND_LINE_ACTOR, now: new Date(), user, role });
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw new UsageError(error.message);
    throw error;
  }
  answer.out.push(
    role === 'client' ? `${normalized} is now a customer (no staff role).` : `${normalized} is now ${role}.`,
  );
}

/** Recomputes every balance from the postings; exit code 1, naming the accounts, when anything differs. */
async function reconcile(db: Db, answer: AdminAnswer): Promise<void> {
  const report = await reconcileLedger(db);
  if (report.problems.length === 0) {
    answer.out.push(
      `Ledger reconciled: ${report.accounts} accounts, ${report.entries} entries, no differences.`,
    );
    return;
  }
  answer.err.push(`Ledger reconciliation found ${report.problems.length} problem(s):`);
  for (const problem of report.problems) answer.err.push(`  - ${problem}`);
  answer.code = 1;
}

/** Recomputes the audit log's hash chain; exit code 1, naming the first row changed or removed. */
async function verifyAudit(db: Db, answer: AdminAnswer): Promise<void> {
  const report = await verifyAuditChain(db);
  if (report.ok) {
    answer.out.push(`Audit chain verified: ${report.rows} rows, none changed or removed.`);
    return;
  }
  answer.err.push(`Audit chain broken at row ${report.firstBadSeq}: ${report.problem}.`);
  answer.err.push(`The ${report.rows} rows before it verify.`);
  answer.code = 1;
}

/**
 * A one-time password reset link for a customer who asks the operator (no SMTP: e-mail does not
 * leave this site). The link is printed for the operator only: the audit log records that one was
 * made, for whom and until when, never the link. It is marked as the operator's: a password set
 * through it is shown to the customer as such (docs/decisions/019), and the operator is told so.
 */
async function issueResetLink(db: Db, env: Env, email: string, answer: AdminAnswer): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const user = await findUserByEmail(db, normalized);
  if (!user || user.status === 'closed')
    throw new UsageError(`No account found with that email address: ${normalized}`);
  const now = new Date();
  const link = await db.transaction(async (tx) => {
    const made = await createOperatorResetLink(tx, { userId: user.id, publicUrl: env.publicUrl, now });
    await recordAudit(tx, {
      actor: COMMAND_LINE_ACTOR,
      action: 'user.reset_link',
      targetType: 'user',
      targetId: user.id,
      after: { email: normalized, expiresAt: made.expiresAt.toISOString() },
    });
    return made;
  });
  answer.out.push(
    `A one-time password reset link for ${normalized}, valid until ${link.expiresAt.toISOString()}:`,
  );
  answer.out.push(link.url);
  // A staff member holds nothing (a customer becomes staff only then: staff.service.ts), so the
  // withdrawal wait is a customer's alone.
  const customer = user.role === 'client';
  const whom = customer ? 'customer' : 'staff member';
  const withdrawalWait = customer
    ? ` New withdrawals wait ${OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS} days after it is used.`
    : '';
  answer.out.push(`Give it to the ${whom} only, by a channel you trust. It works once.`);
  answer.out.push(
    `The ${whom} will see that their password was reset with a link from the site's administrators: on their Account page, and for ${OPERATOR_RESET_NOTICE_DAYS} days when a sign-in fails.${withdrawalWait}`,
  );
}

/** The hourly housekeeping, now (docs/decisions/034); audited with what it removed, counts only. */
async function housekeepNow(db: Db, env: Env, answer: AdminAnswer): Promise<void> {
  const summary = await runHousekeeping({
    db,
    storage: createStorageFromEnv(env),
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    now: new Date(),
    idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS,
    unusedFileAgeMs: env.UNUSED_FILE_AGE_HOURS * HOUR_MS,
  });
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: COMMAND_LINE_ACTOR,
      action: 'housekeeping.run',
      targetType: 'site',
      after: summary,
    }),
  );
  answer.out.push(
    `Housekeeping: ${summary.idempotencyKeysRemoved} expired idempotency keys and ${summary.filesRemoved} ` +
      `unused uploads removed in ${(summary.durationMs / 1000).toFixed(1)} s.`,
  );
  if (summary.bytesNotDeleted > 0) {
    answer.err.push(`${summary.bytesNotDeleted} stored objects could not be deleted (see the server log).`);
    answer.code = 1;
  }
}
