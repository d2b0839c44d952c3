import { buildApp } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabaseFromEnv } from './db/open-from-env.ts';
import { readEnv } from './env.ts';
import { sealUnchainedAuditRows } from './modules/audit/audit.repository.ts';
import { hasStaff } from './modules/users/users.repository.ts';

async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabaseFromEnv(env, `the Candor server on port ${env.PORT}`);
  const sealed = await sealUnchainedAuditRows(database.db);
  const app = await buildApp({ env, database });
  if (sealed > 0) app.log.info({ rows: sealed }, 'audit rows written before the hash chain were chained');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.kind === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL';
  app.log.info(`Candor is ready on ${env.publicUrl} (${where})`);

  if (!(await hasStaff(database.db))) {
    const holdsFolder = database.kind === 'pglite';
    console.log(
      [
        '',
        'No administrator exists yet. Create the first one with:',
        '  npm run admin -- create --email you@example.com --password "a-strong-password" --username admin --fullname "Your Name"',
        holdsFolder ? '(stop this server first: the embedded database allows one process at a time)' : '',
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`Candor cannot start: ${error.message}`);
  } else {
    console.error('Candor could not start:', error);
  }
  process.exit(1);
});
