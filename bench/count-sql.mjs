// Preloaded into the server by bench/load.mjs (node --import): counts the statements the server
// sends through node-postgres, and the transactions among them (BEGIN), so bench:ledger and
// bench:trading can print round trips per operation, a figure the machine's speed does not move.
// On SIGUSR2 it writes { seq, statements, transactions } to COUNT_SQL_FILE. Bench-only: the
// product never loads it.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.COUNT_SQL_FILE;
if (file) {
  const require = createRequire(import.meta.url);
  const pg = require('pg');
  const query = pg.Client.prototype.query;
  let statements = 0;
  let transactions = 0;
  let seq = 0;
  pg.Client.prototype.query = function count(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      statements++;
      if (/^\s*begin\b/i.test(text)) transactions++;
    }
    return query.call(this, config, values, callback);
  };
  process.on('SIGUSR2', () => {
    seq++;
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ seq, statements, transactions }));
    fs.renameSync(`${file}.tmp`, file);
  });
}
