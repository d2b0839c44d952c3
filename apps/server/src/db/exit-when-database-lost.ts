import type { Database } from './client.ts';

type FatalLog = { fatal(details: { err: Error }, message: string): void };

/**
 * Ends the process (exit code 1) when its database is lost for good while the server runs: the
 * embedded database's thread ended (docs/decisions/042). Every request would fail from then on, and
 * the data folder would stay locked by a process that can no longer use it. Whatever started the
 * server (a service manager, a container, `npm start`) can start it again, and PostgreSQL recovers
 * the folder from its write-ahead log, as after a kill -9 (crash.test.ts).
 */
export function exitWhenDatabaseLost(
  database: Pick<Database, 'lost'>,
  log: FatalLog,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  void database.lost?.then((error) => {
    log.fatal(
      { err: error },
      'the embedded database stopped: Candor stops too, so that it can be started again',
    );
    exit(1);
  });
}
