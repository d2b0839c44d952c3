// Preloaded into the benchmark's server by bench/load.mjs (node --import): one wrapper around
// node-postgres' query, for what the benches need to know of the statements the server sends.
// Bench-only: the product never loads it.
//   COUNT_SQL_FILE: counts the statements and the transactions among them (BEGIN); on SIGUSR2 writes
//     { seq, statements, transactions } there, so bench:ledger and bench:trading can print round
//     trips per operation, a figure the machine's speed does not move.
//   CAPTURE_SQL_FILE: appends every statement, with its parameters, as JSON lines, so
//     bench:backoffice can show the EXPLAIN plan of exactly what each page ran.
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
  let seq = 0;
  pg.Client.prototype.query = function observed(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      statements++;
      if (/^\s*begin\b/i.test(text)) transactions++;
      if (captureFile) {
        const params = Array.isArray(values) ? values : config?.values;
        const line = JSON.stringify({ text, values: params ?? [] }, (_key, value) =>
          typeof value === 'bigint' ? value.toString() : value,
        );
        fs.appendFileSync(captureFile, `${line}\n`);
      }
    }
    return query.call(this, config, values, callback);
  };
  if (countFile) {
    process.on('SIGUSR2', () => {
      seq++;
      fs.writeFileSync(`${countFile}.tmp`, JSON.stringify({ seq, statements, transactions }));
      fs.renameSync(`${countFile}.tmp`, countFile);
    });
  }
}
