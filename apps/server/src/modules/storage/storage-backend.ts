import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '../../env.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** Where the bytes of uploaded files live. Keys are chosen by the server, never by the uploader. */
export type StorageBackend = {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when no object has that key. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
};

/** An S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set, otherwise `<DATA_DIR>/uploads`. */
export function createStorageFromEnv(env: Env): StorageBackend {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createLocalStorage(path.join(env.dataDir, 'uploads'));
}
