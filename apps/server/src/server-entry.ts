// The built server's entry, dist/server.js (build.mjs). It runs the server's bundle,
// dist/server-main.cjs, from the V8 compiled code kept in the data folder, and keeps that code once
// the server listens: compiling the 7.8 MB bundle was the largest part of a restart's own work
// (docs/decisions/038). `node src/server.ts` (tsx, tests) runs the server without it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPgliteThreadEarly } from './db/pglite-thread-start.ts';
import { runWithCodeCache } from './lib/code-cache.ts';

const bundle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-main.cjs');
// The data folder as env.ts reads it (DATA_DIR, ./data by default); it exists with PostgreSQL too.
const cacheDir = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'cache');
// The embedded database opens on its own thread while this one loads the bundle (docs/decisions/042).
startPgliteThreadEarly(process.env);
const server = runWithCodeCache(bundle, cacheDir);
// Once listening, with every function the start compiled. Only after a new build or Node version,
// when the cache did not serve: a fraction of a second, once.
void (server.exports.listening as Promise<void>).then(() => setImmediate(server.saveCache));
