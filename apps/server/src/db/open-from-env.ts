import type { Env } from '../env.ts';
import { type Database, openDatabase } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. */
export function openDatabaseFromEnv(env: Env, holder: string): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: env.dataDir, holder });
}
