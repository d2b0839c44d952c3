import { parseArgs } from 'node:util';
import { USER_ROLES, type UserRole, UserRoleSchema } from '@candor/contracts/auth';
import type { Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabaseFromEnv } from '../db/open-from-env.ts';
import { readEnv } from '../env.ts';
import { COMMAND_LINE_ACTOR } from '../lib/actor.ts';
import { ensureInstanceSecret } from '../lib/instance-secret.ts';
import { recordAudit } from '../modules/audit/audit.repository.ts';
import { reconcileLedger } from '../modules/ledger/reconcile.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { readSiteName } from '../modules/settings/settings.service.ts';
import { findUserByEmail, makeVerifiedStaff, updateUserRole } from '../modules/users/users.repository.ts';
import { createAuth } from '../plugins/auth.ts';

const USAGE = `Usage:
  npm run admin -- create --email E --password P --username U --fullname F
  npm run admin -- role --email E --role R     (R: ${USER_ROLES.join(', ')})
  npm run admin -- reconcile`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      fullname: { type: 'string' },
      role: { type: 'string' },
    },
    strict: true,
  });
  if (!command || !['create', 'role', 'reconcile'].includes(command)) throw new UsageError(USAGE);
  if (command !== 'reconcile' && !values.email) throw new UsageError(`--email is required\n${USAGE}`);

  const env = readEnv();
  let database: Database;
  try {
    database = await openDatabaseFromEnv(env, 'the admin command');
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new UsageError(
        `The Candor server holds the data folder ${env.dataDir} (process ${error.owner.pid}).\n` +
          'The embedded database allows one process at a time: stop the server, run this command, then start it again.',
      );
    }
    throw error;
  }
  try {
    if (command === 'reconcile') await reconcile(database);
    else if (command === 'create') await createAdmin(database, env, values);
    else await setRole(database, values.email ?? '', requireRole(values.role));
  } finally {
    await database.close();
  }
}

async function createAdmin(
  database: Database,
  env: ReturnType<typeof readEnv>,
  values: { email?: string; password?: string; username?: string; fullname?: string },
): Promise<void> {
  const { email, password, username, fullname } = values;
  if (!email || !password || !username || !fullname) {
    throw new UsageError(`create needs --email, --password, --username and --fullname\n${USAGE}`);
  }
  if (password.length < 8) throw new UsageError('The password must be at least 8 characters.');
  const { db } = database;
  const auth = createAuth({
    db,
    mailer: createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    secret: env.AUTH_SECRET ?? (await ensureInstanceSecret(db, 'auth')),
    publicUrl: env.publicUrl,
    siteName: () => readSiteName(db),
    quiet: true,
  });
  const normalized = email.trim().toLowerCase();
  if (await findUserByEmail(db, normalized))
    throw new UsageError(
      `An account with the e-mail ${normalized} already exists. Use: npm run admin -- role --email ${normalized} --role owner`,
    );
  try {
    await auth.api.signUpEmail({ body: { email: normalized, password, name: fullname, username } });
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
  console.log(`Owner ${normalized} created. Sign in at ${env.publicUrl}/`);
}

function requireRole(role: string | undefined): UserRole {
  const parsed = UserRoleSchema.safeParse(role);
  if (!parsed.success) throw new UsageError(`--role must be one of: ${USER_ROLES.join(', ')}\n${USAGE}`);
  return parsed.data;
}

async function setRole(database: Database, email: string, role: UserRole): Promise<void> {
  const { db } = database;
  const normalized = email.trim().toLowerCase();
  const user = await findUserByEmail(db, normalized);
  if (!user) throw new UsageError(`No account found with that email address: ${normalized}`);
  await db.transaction(async (tx) => {
    await updateUserRole(tx, user.id, role, new Date());
    await recordAudit(tx, {
      actor: COMMAND_LINE_ACTOR,
      action: 'staff.role',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role },
    });
  });
  console.log(
    role === 'client' ? `${normalized} is now a customer (no staff role).` : `${normalized} is now ${role}.`,
  );
}

/** Recomputes every balance from the postings; exits 1, naming the accounts, when anything differs. */
async function reconcile(database: Database): Promise<void> {
  const report = await reconcileLedger(database.db);
  if (report.problems.length === 0) {
    console.log(`Ledger reconciled: ${report.accounts} accounts, ${report.entries} entries, no differences.`);
    return;
  }
  console.error(`Ledger reconciliation found ${report.problems.length} problem(s):`);
  for (const problem of report.problems) console.error(`  - ${problem}`);
  process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
