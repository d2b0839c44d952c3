import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabaseFromEnv } from '../db/open-from-env.ts';
import { type Env, readEnv } from '../env.ts';
import {
  type AdminAnswer,
  type AdminRequest,
  checkAdminRequest,
  isAdminCommand,
  runAdminCommand,
  USAGE,
  UsageError,
} from './admin-commands.ts';
import { adminSocketPath, sendAdminCommand } from './admin-socket.ts';

async function main(argv: string[]): Promise<number> {
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
  if (!isAdminCommand(command)) throw new UsageError(USAGE);
  const request: AdminRequest = { command, ...values };
  checkAdminRequest(request);

  const env = readEnv();
  let database: Database;
  try {
    database = await openDatabaseFromEnv(env, 'the admin command');
  } catch (error) {
    if (error instanceof DataDirLockedError) return print(await askTheServer(env, error, request));
    throw error;
  }
  try {
    return print(await runAdminCommand(database.db, env, request));
  } finally {
    await database.close();
  }
}

/**
 * The embedded database allows one process at a time: when the server holds it, the server runs
 * the command (docs/decisions/015). Without an answer from it, say precisely why and what to do.
 */
async function askTheServer(
  env: Env,
  locked: DataDirLockedError,
  request: AdminRequest,
): Promise<AdminAnswer> {
  try {
    const answer = await sendAdminCommand(env.dataDir, request);
    return { ...answer, err: [...answer.err, `(run by the Candor server, process ${locked.owner.pid})`] };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(
      `The Candor server holds the data folder ${env.dataDir} (process ${locked.owner.pid}),\n` +
        `and it does not answer admin commands on ${adminSocketPath(env.dataDir)} (${reason}).\n` +
        'The embedded database allows one process at a time: stop the server, run this command, then start it again.',
    );
  }
}

function print(answer: AdminAnswer): number {
  for (const line of answer.out) console.log(line);
  for (const line of answer.err) console.error(line);
  return answer.code;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
