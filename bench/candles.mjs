// npm run bench:candles — time of GET /api/instruments/BTCUSD/candles, one year of 1-hour candles in
// ONE request, on PostgreSQL and on the embedded database (PGlite).
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// For each engine: starts the built server on a new database (PostgreSQL: database
// candor_bench_<pid> next to BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// skipped when PostgreSQL does not answer; PGlite: a new data folder), signs one user in and times,
// cold (first request) then BENCH_RUNS more times (warm), in rounds: one year of 1-hour candles
// (8,761 with both ends) in one request, and the default 300 1-hour candles. Each answer is checked
// (count, hourly times in order). Beside them, in the same rounds, GET /api/instruments: the floor of a
// signed-in request on this machine at that moment (other work running shows there first).
// Target (issue 15): the year under 25 ms warm on PostgreSQL (p50; p99 printed beside it).
// Everything it created is removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createBenchDatabase,
  dropBenchDatabase,
  guardRun,
  machineLine,
  percentile,
  printTable,
  redact,
  requireBuild,
  signIn,
  startServer,
} from './server.mjs';

const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_MS = 25;
const HOUR = 3600;
const HARD_LIMIT_MS = 10 * 60_000;

requireBuild();

const run = guardRun(HARD_LIMIT_MS);

/** Both requests end at the same hour; the year starts 365 days before it. */
const to = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
const from = to - 365 * 86_400;
const yearCandles = (to - from) / HOUR + 1;

/** @type {string[][]} */
const rows = [];
let failed = false;

/** Cold and warm times of the two request shapes on the server at `baseUrl`. */
async function measureEngine(engine, baseUrl) {
  const cookie = await signIn(baseUrl);
  /** One timed GET; the candles of the answer are checked (count, hourly times in order). */
  const get = async (url, range) => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${body.slice(0, 300)}`);
    if (range) {
      const { candles } = JSON.parse(body);
      if (candles.length !== range.candles || candles.some((c, i) => c.time !== range.from + i * HOUR)) {
        throw new Error(`Expected ${range.candles} hourly candles from ${range.from}, got ${candles.length}`);
      }
    }
    return { ms, bytes: Buffer.byteLength(body), encoding: response.headers.get('content-encoding') };
  };
  const candlesUrl = ({ from, to }) =>
    `${baseUrl}/api/instruments/BTCUSD/candles?${new URLSearchParams({ interval: '1h', from: String(from), to: String(to) })}`;
  const year = { from, to, candles: yearCandles };
  const recent = { from: to - 299 * HOUR, to, candles: 300 };
  const shapes = [
    { label: '1 year 1h, one request', url: candlesUrl(year), range: year, target: TARGET_MS },
    { label: '300 × 1h (default range)', url: candlesUrl(recent), range: recent },
    // The floor of a signed-in request on this machine at this moment (same session check).
    { label: 'reference: GET /api/instruments', url: `${baseUrl}/api/instruments` },
  ];
  // Rounds of one request of each shape, so that other work on the machine weighs on all alike.
  const results = shapes.map(() => ({ times: [], last: undefined }));
  for (let i = 0; i <= WARM_RUNS; i++) {
    for (const [index, shape] of shapes.entries()) {
      const answer = await get(shape.url, shape.range);
      results[index].times.push(answer.ms);
      results[index].last = answer;
    }
  }
  for (const [index, shape] of shapes.entries()) {
    const { times, last } = results[index];
    const [cold, ...warm] = times;
    const sorted = warm.sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const fmt = (ms) => ms.toFixed(1);
    const verdict =
      shape.target === undefined
        ? '—'
        : `< ${shape.target} ms ${p50 < shape.target ? 'MET' : 'MISSED'}${engine === 'PostgreSQL' ? '' : ' (info)'}`;
    rows.push([
      `${engine}: ${shape.label}`,
      shape.range ? String(shape.range.candles) : '',
      `${Math.round(last.bytes / 1024)} KB${last.encoding ? ` ${last.encoding}` : ''}`,
      fmt(cold),
      String(sorted.length),
      fmt(sorted[0]),
      fmt(p50),
      fmt(percentile(sorted, 99)),
      fmt(sorted[sorted.length - 1]),
      verdict,
    ]);
  }
}

try {
  console.log(
    `Year: ${new Date(from * 1000).toISOString()} → ${new Date(to * 1000).toISOString()}, ` +
      `${yearCandles} candles in one request`,
  );
  const name = `candor_bench_${process.pid}`;
  const url = await createBenchDatabase(name);
  if (url) {
    run.onCleanUp(() => dropBenchDatabase(name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-candles-'));
    run.onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    console.log(`PostgreSQL database ${name} at ${redact(url)}: starting the server…`);
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    run.onCleanUp(() => server.stop());
    try {
      await measureEngine('PostgreSQL', server.baseUrl);
    } finally {
      await server.stop();
    }
  }
  const embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-candles-pglite-'));
  run.onCleanUp(async () => fs.rmSync(embeddedDir, { recursive: true, force: true }));
  console.log(`Embedded database in ${embeddedDir}: starting the server…`);
  const server = await startServer({ DATA_DIR: embeddedDir, LOG_LEVEL: 'error' });
  run.onCleanUp(() => server.stop());
  try {
    await measureEngine('PGlite', server.baseUrl);
  } finally {
    await server.stop();
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.finish();
}

if (rows.length > 0) {
  console.log(`\nCandles of BTCUSD, client-measured request time in ms (${machineLine()})\n`);
  printTable(['', 'candles', 'body', 'cold', 'warm', 'min', 'p50', 'p99', 'max', 'target (p50)'], rows);
  console.log(
    `\nTarget: a year of hourly candles in one request under ${TARGET_MS} ms warm on PostgreSQL (p50).`,
  );
}
process.exit(failed ? 1 : 0);
