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

/** Where the command's lines go: the terminal's stdout and stderr (`admin.ts`), or a test's record. */
export type AdminOutput = { out(line: string): void; err(line: string): void };

/**
 * `npm run admin -- …`: parses the arguments, runs the command on the database the environment
 * names (or has the server that holds it run it), prints its lines and returns the exit code:
 * 0 done, 1 a check found a problem, 2 bad input. An unexpected error is thrown.
 */
export async function runAdminCli(
  argv: string[],
  environment: NodeJS.ProcessEnv,
  output: AdminOutput,
): Promise<number> {
  try {
    return print(await answer(argv, environment), output);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(error.message);
    return 2;
  }
}

async function answer(argv: string[], environment: NodeJS.ProcessEnv): Promise<AdminAnswer> {
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

  const env = readEnv(environment);
  let database: Database;
  try {
    database = await openDatabaseFromEnv(env, 'the admin command');
  } catch (error) {
    if (error instanceof DataDirLockedError) return await askTheServer(env, error, request);
    throw error;
  }
  try {
    return await runAdminCommand(database.db, env, request);
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

function print(answer: AdminAnswer, output: AdminOutput): number {
  for (const line of answer.out) output.out(line);
  for (const line of answer.err) output.err(line);
  return answer.code;
}
