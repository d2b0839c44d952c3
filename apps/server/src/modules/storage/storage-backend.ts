import type { Readable } from 'node:stream';

/** Where the bytes of uploaded files live. Keys are chosen by the server, never by the uploader. */
export type StorageBackend = {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when no object has that key. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
};
