// Preloaded into the server by bench/backoffice.mjs (node --import): appends every statement the
// server sends through node-postgres, with its parameters, to CAPTURE_SQL_FILE as JSON lines, so the
// bench can show the EXPLAIN plan of exactly what each page ran. Bench-only: the product never loads it.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.CAPTURE_SQL_FILE;
if (file) {
  const require = createRequire(import.meta.url);
  const pg = require('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (typeof text === 'string') {
      const line = JSON.stringify({ text, values: params ?? [] }, (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      );
      fs.appendFileSync(file, `${line}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
