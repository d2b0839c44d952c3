// npm run bench:candles — time of GET /api/instruments/BTCUSD/candles on PostgreSQL.
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// Creates database candor_bench_<pid> next to BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; skipped when PostgreSQL does not answer), starts the
// built server on it, signs one user in and times, cold (first request) then WARM_RUNS more times:
// one year of 1-hour candles and the default 300 1-hour candles. The route answers at most 5,000
// candles a request, so the year (8,760+ candles) is asked in the fewest pages that fit; each page
// and the whole year are reported. The database is dropped at the end.
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

const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_MS = 50;
const HOUR = 3600;
/** The route's limit (apps/server/src/market/candle-range.ts), not changed here. */
const MAX_CANDLES_PER_REQUEST = 5000;
const HARD_LIMIT_MS = 10 * 60_000;

requireBuild();

const run = guardRun(HARD_LIMIT_MS);

/** @type {string[][]} */
const rows = [];
let failed = false;
let pageNote = '';
try {
  const name = `candor_bench_${process.pid}`;
  const url = await createBenchDatabase(name);
  if (url) {
    run.onCleanUp(() => dropBenchDatabase(name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-candles-'));
    run.onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    console.log(`PostgreSQL database ${name} at ${redact(url)}: starting the server…`);
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    run.onCleanUp(() => server.stop());
    const cookie = await signIn(server.baseUrl);

    // Both requests end at the same hour; the year starts 365 days before it.
    const to = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
    const from = to - 365 * 86_400;
    const yearCandles = (to - from) / HOUR + 1;
    const pageCount = Math.ceil(yearCandles / MAX_CANDLES_PER_REQUEST);
    const perPage = Math.ceil(yearCandles / pageCount);
    /** @type {{ from: number; to: number }[]} */
    const pages = [];
    for (let start = from; start <= to; start += perPage * HOUR) {
      pages.push({ from: start, to: Math.min(to, start + (perPage - 1) * HOUR) });
    }
    pageNote =
      pageCount > 1
        ? `One year of 1h candles is ${yearCandles.toLocaleString('en')} candles, over the route's cap of ` +
          `${MAX_CANDLES_PER_REQUEST.toLocaleString('en')} a request: asked in ${pages.length} requests ` +
          `one after the other; each request and their total are reported.`
        : '';
    console.log(
      `Year: ${new Date(from * 1000).toISOString()} → ${new Date(to * 1000).toISOString()}, ` +
        `${yearCandles} candles in ${pages.length} request(s)`,
    );

    const get = async (range) => {
      const query = new URLSearchParams({ interval: '1h', ...range });
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/instruments/BTCUSD/candles?${query}`, {
        headers: { cookie },
      });
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${body.slice(0, 300)}`);
      return { ms, candles: JSON.parse(body).candles.length };
    };

    /** Cold and warm times of one request shape. */
    const series = async (label, run) => {
      const times = [];
      for (let i = 0; i <= WARM_RUNS; i++) times.push(await run());
      return { label, times };
    };

    /** @type {{ label: string; candles?: number; times: number[] }[]} */
    const results = [];
    // Year first, on a fresh database: its first request is the coldest (history is computed).
    const pageTimes = pages.map(() => []);
    const pageCandles = pages.map(() => 0);
    const totals = [];
    for (let i = 0; i <= WARM_RUNS; i++) {
      let total = 0;
      for (const [index, page] of pages.entries()) {
        const { ms, candles } = await get({ from: String(page.from), to: String(page.to) });
        pageTimes[index].push(ms);
        pageCandles[index] = candles;
        total += ms;
      }
      totals.push(total);
    }
    for (const [index, times] of pageTimes.entries()) {
      results.push({
        label: `1 year 1h, request ${index + 1}/${pages.length}`,
        candles: pageCandles[index],
        times,
      });
    }
    results.push({
      label: `1 year 1h, ${pages.length} requests in total`,
      candles: pageCandles.reduce((a, b) => a + b, 0),
      times: totals,
    });
    let last300 = 0;
    const recent = await series('300 × 1h (default range)', async () => {
      const { ms, candles } = await get({ from: String(to - 299 * HOUR), to: String(to) });
      last300 = candles;
      return ms;
    });
    results.push({ ...recent, candles: last300 });

    for (const { label, candles, times } of results) {
      const [cold, ...warm] = times;
      const sorted = [...warm].sort((a, b) => a - b);
      const fmt = (ms) => `${ms.toFixed(1)}`;
      const verdict = percentile(sorted, 50) < TARGET_MS ? 'met' : 'MISSED';
      rows.push([
        label,
        String(candles ?? '?'),
        fmt(cold),
        String(sorted.length),
        fmt(sorted[0]),
        fmt(percentile(sorted, 50)),
        fmt(percentile(sorted, 95)),
        fmt(sorted[sorted.length - 1]),
        `< ${TARGET_MS} ms ${verdict}`,
      ]);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.finish();
}

if (rows.length > 0) {
  console.log(`\nCandles of BTCUSD on PostgreSQL, client-measured request time (${machineLine()})\n`);
  if (pageNote) console.log(`${pageNote}\n`);
  printTable(['', 'candles', 'cold ms', 'warm', 'min', 'median', 'p95', 'max', 'target (median)'], rows);
  console.log(`\nTarget: under ${TARGET_MS} ms on PostgreSQL (warm median).`);
}
process.exit(failed ? 1 : 0);
