// @ts-check
// The embedded database's own thread (db/pglite-thread.ts, docs/decisions/042). It opens PGlite on
// the data folder it is given and runs the wire-protocol messages the server's thread sends, one at
// a time, answering each with PostgreSQL's reply as bytes. The server's thread parses the replies,
// so errors, notices and notifications keep PGlite's own classes there.
//
// Plain JavaScript: it runs as it is from the sources (tests, `node --import tsx`) and is copied
// beside the built bundle (build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PostgreSQL's start parameters: as db/pglite-start-params.ts says, and why (a 32 MB buffer cache). */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.mjs runs as a worker thread');

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
}

/** @type {PGlite} */
let db;
try {
  // The extensions the migrations create (db/pglite-extensions.ts lists the same).
  db = await PGlite.create(/** @type {string} */ (workerData.dataDir), {
    startParams: START_PARAMS,
    extensions: { pg_trgm },
  });
  port.postMessage({ type: 'open' });
} catch (error) {
  port.postMessage({ type: 'failed', error: describe(error) });
  process.exit(1);
}

/** @typedef {{ id: number; op: 'exec'; messages: Uint8Array[] } | { id: number; op: 'close' }} Call */

port.on('message', async (/** @type {Call} */ call) => {
  try {
    if (call.op === 'exec') {
      // The messages one after the other, as PGlite's query sends them, in one call from the
      // server's thread. The replies' bytes as PostgreSQL writes them, unparsed, in order: the
      // server's thread parses them. (execProtocolRaw would also parse them here, into a list it
      // never empties.) No sync of the data folder is asked: on a folder of files PGlite has
      // nothing to do for it.
      /** @type {Uint8Array[]} */
      const chunks = [];
      for (const message of call.messages) {
        await db.execProtocolRawStream(message, {
          syncToFs: false,
          onRawData: (chunk) => chunks.push(chunk.slice()),
        });
      }
      port.postMessage(
        { id: call.id, chunks },
        chunks.map((chunk) => chunk.buffer),
      );
    } else {
      await db.close();
      port.postMessage({ id: call.id });
      port.close();
    }
  } catch (error) {
    port.postMessage({ id: call.id, error: describe(error) });
  }
});
