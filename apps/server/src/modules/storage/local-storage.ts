import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageBackend } from './storage-backend.ts';
import { assertStorageKey } from './storage-key.ts';

/** Files in a folder on this machine (the default): `<root>/<key>`. */
export function createLocalStorage(root: string): StorageBackend {
  const resolve = (key: string): string => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',
    put: async (key, body) => {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await fs.writeFile(temporary, body, { flag: 'wx', mode: 0o600 });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    get: async (key): Promise<Readable | undefined> => {
      try {
        const handle = await fs.open(resolve(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    delete: async (key) => {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
