import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/**
 * The embedded database's thread once started: PGlite opens there while this thread goes on
 * (docs/decisions/042). `opened` settles when PostgreSQL answers, or rejects with why it could not
 * start. Only node's own modules are loaded here: the built entry starts the thread before the
 * server's bundle loads (server-entry.ts).
 */
export type StartedPgliteThread = {
  dataDir: string;
  worker: Worker;
  lock: DataDirLock;
  opened: Promise<void>;
};

/** Beside the built bundle (build.mjs copies it) or beside this file in the sources. */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, 'pglite-thread-worker.mjs');
  if (!fs.existsSync(file)) throw new Error(`The embedded database's thread is missing: ${file}`);
  return file;
}

/**
 * Takes the data folder's lock (a second process is refused before anything opens) and starts the
 * thread that opens PGlite on `<dataDir>/pg`.
 */
export function startPgliteThread(dataDir: string, holder: string): StartedPgliteThread {
  const lock = acquireDataDirLock(dataDir, holder);
  try {
    const worker = new Worker(workerFile(), { workerData: { dataDir: path.join(dataDir, 'pg') } });
    // The thread's first message says whether it opened. The failure listeners stay: once open, the
    // thread's client (pglite-thread.ts) handles failures, and these settle nothing more.
    const opened = new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { type?: string; error?: { message: string; stack?: string } }) => {
        if (message.type === 'open') resolve();
        if (message.type === 'failed') {
          reject(Object.assign(new Error(message.error?.message), { stack: message.error?.stack }));
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        reject(new Error(`the embedded database's thread stopped before opening (exit code ${code})`));
      });
    });
    // Whoever takes the thread awaits `opened`; until then a failure must not count as unhandled.
    opened.catch(() => undefined);
    return { dataDir, worker, lock, opened };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The built entry starts the thread before the server's bundle loads; the two are separate files,
 * so the started thread is handed over through this process-wide slot, taken once.
 */
const EARLY_START = Symbol.for('candor.embeddedDatabase.earlyStart');
type Slot = { [EARLY_START]?: StartedPgliteThread };

/**
 * Starts the embedded database's thread as early as possible (server-entry.ts). Does nothing when
 * the server will use PostgreSQL, and leaves any failure (a locked folder) for the regular start to
 * report as it always has.
 */
export function startPgliteThreadEarly(environment: NodeJS.ProcessEnv): void {
  if (environment.DATABASE_URL) return;
  const dataDir = path.resolve(environment.DATA_DIR ?? './data');
  try {
    (globalThis as Slot)[EARLY_START] = startPgliteThread(
      dataDir,
      pgliteHolder(Number(environment.PORT ?? 3000)),
    );
  } catch {
    // The regular start tries again and says why.
  }
}

/** The thread started early for this data folder, if any; taken once. */
export function takeEarlyPgliteThread(dataDir: string): StartedPgliteThread | undefined {
  const slot = globalThis as Slot;
  const started = slot[EARLY_START];
  delete slot[EARLY_START];
  if (started && started.dataDir !== dataDir) {
    void started.worker.terminate().finally(() => started.lock.release());
    return undefined;
  }
  return started;
}

/** What the lock file says holds the folder. */
export function pgliteHolder(port: number): string {
  return `the Candor server on port ${port}`;
}
