import { buildApp } from './app.ts';
import { type AdminSocket, listenForAdminCommands } from './cli/admin-socket.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { exitWhenDatabaseLost } from './db/exit-when-database-lost.ts';
import { openDatabaseFromEnv } from './db/open-from-env.ts';
import { pgliteHolder } from './db/pglite-thread-start.ts';
import { readEnv } from './env.ts';
import { sealUnchainedAuditRows } from './modules/audit/audit.repository.ts';
import { issueSetupToken } from './modules/setup/setup.service.ts';

async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabaseFromEnv(env, pgliteHolder(env.PORT));
  const sealed = await sealUnchainedAuditRows(database.db);
  // On a fresh installation, a one-time link to create the owner in the browser (printed once
  // listening). The database writes its token while this thread builds the app.
  const [app, setupToken] = await Promise.all([buildApp({ env, database }), issueSetupToken(database.db)]);
  if (sealed > 0) app.log.info({ rows: sealed }, 'audit rows written before the hash chain were chained');
  exitWhenDatabaseLost(database, app.log);

  // With the embedded database, `npm run admin` talks to this process (docs/decisions/015).
  let adminSocket: AdminSocket | undefined;
  if (database.kind === 'pglite') {
    try {
      adminSocket = await listenForAdminCommands({ db: database.db, env, log: app.log });
    } catch (error) {
      app.log.warn(
        { err: error },
        'admin commands cannot reach this server (no socket in the data folder): stop it to run `npm run admin`',
      );
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await adminSocket?.close();
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

  if (setupToken) {
    console.log(
      [
        '',
        'No administrator exists yet. Open this one-time link to create the owner account in the browser:',
        `  ${env.publicUrl}/setup?token=${setupToken}`,
        'or create it at the command line:',
        '  npm run admin -- create --email you@example.com --password "a-strong-password" --username admin --fullname "Your Name"',
        '',
      ].join('\n'),
    );
  }
  // The job queue starts once listening (the app's onListen; docs/decisions/038): a queue that
  // cannot start stops the server, as it did when it started before listening.
  await app.jobs.prepare();
}

/** Settles once the server listens (the built entry then keeps its compiled code, server-entry.ts). */
export const listening: Promise<void> = main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`Candor cannot start: ${error.message}`);
  } else {
    console.error('Candor could not start:', error);
  }
  process.exit(1);
});
