import { randomBytes } from 'node:crypto';

/** Keys look like `id_card/3f0c…e1.jpg`: lower-case segments, none starting with a dot, no `..`. */
const KEY = /^[a-z0-9_-]+(?:\/[a-z0-9_-][a-z0-9_.-]*)*$/;

/** A fresh random key: 128 random bits under the purpose's folder. Never derived from the uploader's input. */
export function createStorageKey(folder: string, extension: string): string {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  assertStorageKey(key);
  return key;
}

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}
