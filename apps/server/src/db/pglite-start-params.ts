import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's start parameters for every embedded database: PGlite's defaults with a 32 MB buffer
 * cache instead of 128 MB. The cache lives in the WebAssembly memory and is touched at start, so it
 * was resident whether used or not (~100 MB of the server's idle RSS, docs/decisions/037), and
 * zeroing it was most of an open: 0.4–1.1 s against 0.35 s (docs/decisions/047). The data files
 * stay in the operating system's page cache, so a miss costs a read, not a disk access. The
 * embedded database's thread (pglite-thread-worker.mjs, plain JavaScript) starts with the same.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
