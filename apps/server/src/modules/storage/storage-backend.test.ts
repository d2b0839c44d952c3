import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readEnv } from '../../env.ts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageBackend } from './storage-backend.ts';
import { createStorageFromEnv } from './storage-from-env.ts';
import { createStorageKey } from './storage-key.ts';

let s3: FakeS3;
let folder: string;
beforeAll(async () => {
  s3 = await startFakeS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const backends: [string, () => StorageBackend][] = [
  ['local folder', () => createLocalStorage(path.join(folder, 'uploads'))],
  [
    'S3-compatible bucket',
    () =>
      createS3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
      }),
  ],
];

describe.each(backends)('the %s backend', (_name, create) => {
  test('gives back what was put, until it is deleted', async () => {
    const storage = create();
    const key = createStorageKey('id_card', 'png');
    const body = Buffer.from('some bytes \u0000\u00ff');
    await storage.put(key, body, 'image/png');
    const stream = await storage.get(key);
    expect(stream && (await readAll(stream))).toEqual(body);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  test('answers undefined for a key that was never stored, and deletes it without complaint', async () => {
    const storage = create();
    const key = createStorageKey('favicon', 'png');
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  test('refuses keys that could leave its folder', async () => {
    const storage = create();
    await expect(storage.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('id_card/../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});

test('the local backend keeps files under <data folder>/uploads', async () => {
  const storage = createStorageFromEnv(readEnv({ DATA_DIR: folder }));
  expect(storage.kind).toBe('local');
  const key = createStorageKey('profile_picture', 'webp');
  await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
  expect(fs.readFileSync(path.join(folder, 'uploads', ...key.split('/')), 'utf8')).toBe('webp bytes');
});

test('S3_ENDPOINT and S3_BUCKET select the S3 backend, which signs its requests and sends the type', async () => {
  const storage = createStorageFromEnv(
    readEnv({
      DATA_DIR: folder,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    }),
  );
  expect(storage.kind).toBe('s3');
  const key = createStorageKey('trader_picture', 'jpg');
  await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
  expect(s3.objects.get(key)).toEqual({ body: Buffer.from('jpeg bytes'), contentType: 'image/jpeg' });
  const put = s3.requests.find((r) => r.method === 'PUT' && r.path === `/${s3.bucket}/${key}`);
  expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test\//);
});

test('storage keys are random and never reuse a name', () => {
  const a = createStorageKey('id_card', 'jpg');
  const b = createStorageKey('id_card', 'jpg');
  expect(a).toMatch(/^id_card\/[0-9a-f]{32}\.jpg$/);
  expect(a).not.toBe(b);
});
