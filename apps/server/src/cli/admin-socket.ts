import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import {
  type AdminAnswer,
  type AdminRequest,
  checkAdminRequest,
  isAdminCommand,
  runAdminCommand,
  UsageError,
} from './admin-commands.ts';

/** The socket of the admin commands, inside the data folder (docs/decisions/015). */
export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

/** The most a request may hold: a command and a few options. */
const MAX_REQUEST_BYTES = 16 * 1024;

export type AdminSocket = { close(): Promise<void> };

/**
 * While the server holds the embedded database, the admin commands run here: a Unix domain socket
 * in the data folder, readable and writable by the folder's owner only (mode 0600). Who can reach
 * it could open the data folder anyway, which is all the command line needs today. One request
 * (a JSON line) per connection; the answer is one JSON line.
 */
export async function listenForAdminCommands({
  db,
  env,
  log,
}: {
  db: Db;
  env: Env;
  log: { error(obj: object, msg: string): void };
}): Promise<AdminSocket> {
  const socketPath = adminSocketPath(env.dataDir);
  // The data folder's lock is ours: a socket file left by a server that died is stale.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let buffer = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        connection.end(`${JSON.stringify(usage('The request is too long.'))}\n`);
        return;
      }
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      connection.pause();
      void answer(buffer.slice(0, newline)).then(
        (reply) => connection.end(`${JSON.stringify(reply)}\n`),
        (error: unknown) => {
          log.error({ err: error }, 'an admin command failed');
          connection.end(
            `${JSON.stringify({ code: 1, out: [], err: ['The command failed: see the server log.'] })}\n`,
          );
        },
      );
    });
    connection.on('error', () => undefined);
  });

  async function answer(line: string): Promise<AdminAnswer> {
    let request: AdminRequest;
    try {
      request = parseRequest(JSON.parse(line));
      checkAdminRequest(request);
    } catch (error) {
      return usage(error instanceof UsageError ? error.message : 'The request is not an admin command.');
    }
    return runAdminCommand(db, env, request);
  }

  // Only the folder's owner may connect: the socket is made with no access for group and others.
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

function usage(message: string): AdminAnswer {
  return { code: 2, out: [], err: [message] };
}

function parseRequest(value: unknown): AdminRequest {
  if (!value || typeof value !== 'object') throw new UsageError('The request is not an admin command.');
  const record = value as Record<string, unknown>;
  const command = record.command;
  if (typeof command !== 'string' || !isAdminCommand(command)) throw new UsageError('Unknown admin command.');
  const option = (name: string) => {
    const v = record[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new UsageError(`--${name} must be text.`);
    return v;
  };
  return {
    command,
    email: option('email'),
    password: option('password'),
    username: option('username'),
    fullname: option('fullname'),
    role: option('role'),
  };
}

/**
 * Sends a command to the server holding the data folder and waits for its answer. Rejects with
 * the socket's error (ENOENT: no socket; ECONNREFUSED: nobody listening) when it cannot reach it.
 */
export function sendAdminCommand(
  dataDir: string,
  request: AdminRequest,
  timeoutMs = 120_000,
): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(adminSocketPath(dataDir));
    let reply = '';
    connection.setEncoding('utf8');
    connection.setTimeout(timeoutMs, () =>
      connection.destroy(new Error('The server did not answer in time.')),
    );
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => {
      reply += chunk;
    });
    connection.on('error', reject);
    connection.on('end', () => {
      try {
        resolve(JSON.parse(reply) as AdminAnswer);
      } catch {
        reject(new Error('The server gave no answer.'));
      }
    });
  });
}
