import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

test('a second holder of a live lock is refused, naming the holder', () => {
  const dir = tempDir();
  fs.writeFileSync(
    path.join(dir, 'candor.lock'),
    JSON.stringify({
      pid: process.ppid,
      holder: 'the Candor server on port 3000',
      startedAt: '2026-01-01T00:00:00Z',
    }),
  );
  expect(() => acquireDataDirLock(dir, 'the admin command')).toThrow(DataDirLockedError);
  expect(() => acquireDataDirLock(dir, 'the admin command')).toThrow(
    /in use by the Candor server on port 3000/,
  );
});

test('a lock left by a process that died is taken over', () => {
  const dir = tempDir();
  fs.writeFileSync(
    path.join(dir, 'candor.lock'),
    JSON.stringify({ pid: deadPid(), holder: 'a crashed server', startedAt: '2026-01-01T00:00:00Z' }),
  );
  const lock = acquireDataDirLock(dir, 'a new server');
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'candor.lock'), 'utf8')).pid).toBe(process.pid);
  lock.release();
});

test('releasing the lock removes the file and its exit listener, and the folder can be locked again', () => {
  const dir = tempDir();
  const listeners = process.listenerCount('exit');
  const lock = acquireDataDirLock(dir, 'first');
  expect(process.listenerCount('exit')).toBe(listeners + 1);
  lock.release();
  expect(fs.existsSync(path.join(dir, 'candor.lock'))).toBe(false);
  expect(process.listenerCount('exit')).toBe(listeners);
  acquireDataDirLock(dir, 'second').release();
  expect(process.listenerCount('exit')).toBe(listeners);
});
