import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageBackend } from './storage-backend.ts';
import { assertStorageKey } from './storage-key.ts';

export type S3StorageConfig = {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<S3Sdk> | undefined;
/** The AWS SDK is loaded on first use: servers without S3 never pay for it at start-up. */
function loadSdk(): Promise<S3Sdk> {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
}

/** Objects in an S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2, …). */
export function createS3Storage(config: S3StorageConfig, givenClient?: S3Client): StorageBackend {
  const { bucket } = config;
  let client: Promise<S3Client> | undefined;
  const connect = async () => {
    client ??= givenClient ? Promise.resolve(givenClient) : createS3Client(config);
    return { s3: await client, sdk: await loadSdk() };
  };
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      assertStorageKey(key);
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    get: async (key) => {
      assertStorageKey(key);
      const { s3, sdk } = await connect();
      try {
        const response = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = response.Body;
        if (!(body instanceof Readable)) throw new Error('The S3 response has no readable body');
        return body;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return undefined;
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
          return undefined;
        throw error;
      }
    },
    delete: async (key) => {
      assertStorageKey(key);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

export async function createS3Client(config: S3StorageConfig): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Many S3-compatible stores reject the SDK's newer default checksums; send them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
