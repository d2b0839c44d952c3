import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes: two processes on one data folder lose committed writes.
 * Whoever opens the embedded database first holds this lock file until it exits.
 */
export type DataDirLock = { release(): void };

type LockOwner = { pid: number; holder: string; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${owner.holder} (process ${owner.pid}, since ${owner.startedAt}). ` +
        'The embedded database allows one process at a time: stop that process first, or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'candor.lock');
  const me: LockOwner = { pid: process.pid, holder, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A released lock leaves no listener behind (a process may take and release many).
        process.removeListener('exit', release);
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && isAlive(owner.pid))
        throw new DataDirLockedError(dataDir, owner);
      // The holder died without cleaning up (or the file is unreadable): the lock is stale.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
