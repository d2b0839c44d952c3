import path from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageBackend } from './storage-backend.ts';

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
