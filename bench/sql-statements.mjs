// Preloaded into the benchmark's server by bench/load.mjs (node --import): one wrapper around
// node-postgres' query, for what the benches need to know of the statements the server sends.
// Bench-only: the product never loads it.
//   COUNT_SQL_FILE: counts the statements, the transactions among them (BEGIN) and the round trips
//     (a statement sent while its connection waits for no answer starts one; statements a pipelined
//     connection sends behind it share it); on SIGUSR2 writes { seq, statements, transactions,
//     roundTrips } there, so bench:ledger and bench:trading can print them per operation, figures
//     the machine's speed does not move.
//   CAPTURE_SQL_FILE: appends every statement, with its parameters, as JSON lines, so
//     bench:backoffice can show the EXPLAIN plan of exactly what each page ran; each line also says
//     when it was sent (`at`, milliseconds since the server started), on which connection
//     (`connection`, numbered as they first send) and whether it started a round trip (`roundTrip`),
//     which shows a money transaction's statements round trip by round trip (decision 041).
import fs from 'node:fs';
import { createRequire } from 'node:module';

const countFile = process.env.COUNT_SQL_FILE;
const captureFile = process.env.CAPTURE_SQL_FILE;
if (countFile || captureFile) {
  const require = createRequire(import.meta.url);
  const pg = require('pg');
  const query = pg.Client.prototype.query;
  let statements = 0;
  let transactions = 0;
  let roundTrips = 0;
  let seq = 0;
  /** Statements sent and not yet answered, per connection. */
  const waiting = new WeakMap();
  /** Each connection's number, in the order they first send. */
  const connections = new WeakMap();
  let connectionCount = 0;
  pg.Client.prototype.query = function observed(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const pending = waiting.get(this) ?? 0;
    if (!connections.has(this)) connections.set(this, ++connectionCount);
    if (typeof text === 'string') {
      statements++;
      if (/^\s*begin\b/i.test(text)) transactions++;
      if (captureFile) {
        const params = Array.isArray(values) ? values : config?.values;
        const line = JSON.stringify(
          {
            at: Math.round(performance.now() * 1000) / 1000,
            connection: connections.get(this),
            roundTrip: pending === 0,
            text,
            values: params ?? [],
          },
          (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
        );
        fs.appendFileSync(captureFile, `${line}\n`);
      }
    }
    if (pending === 0) roundTrips++;
    waiting.set(this, pending + 1);
    const answered = () => waiting.set(this, (waiting.get(this) ?? 1) - 1);
    if (typeof callback === 'function' || typeof values === 'function') {
      const done = typeof callback === 'function' ? callback : values;
      const wrapped = (...args) => {
        answered();
        return done(...args);
      };
      return typeof callback === 'function'
        ? query.call(this, config, values, wrapped)
        : query.call(this, config, wrapped);
    }
    const result = query.call(this, config, values, callback);
    if (result && typeof result.then === 'function') result.then(answered, answered);
    else answered();
    return result;
  };
  if (countFile) {
    process.on('SIGUSR2', () => {
      seq++;
      fs.writeFileSync(`${countFile}.tmp`, JSON.stringify({ seq, statements, transactions, roundTrips }));
      fs.renameSync(`${countFile}.tmp`, countFile);
    });
  }
}
