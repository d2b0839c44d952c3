// npm run bench:startup — time from process start to the first 200 of /api/ready.
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// Embedded database: one first start on a new data folder, then RUNS restarts on that folder.
// PostgreSQL (when one answers at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
// a new database is created, started once (migrations), RUNS restarts, then dropped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { requireBuild, startServer } from './server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// Restarts on an existing embedded data folder (issue 15 item 6, docs/decisions/038); PostgreSQL
// keeps the earlier 2 s.
const EMBEDDED_TARGET_MS = 1000;
const POSTGRES_TARGET_MS = 2000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

requireBuild();

/** @type {{ name: string; times: number[]; target?: number }[]} */
const rows = [];

async function measure(env) {
  const server = await startServer(env);
  await server.stop();
  return server.ms;
}

async function benchEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-'));
  try {
    console.log(`Embedded database in ${dataDir}`);
    const first = await measure({ DATA_DIR: dataDir });
    rows.push({ name: 'PGlite, new data folder (first start)', times: [first] });
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await measure({ DATA_DIR: dataDir }));
    rows.push({ name: 'PGlite, existing data folder', times, target: EMBEDDED_TARGET_MS });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresQuery(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function benchPostgres() {
  try {
    await postgresQuery('select 1');
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${redact(POSTGRES_URL)} (${error.message}): skipped.`);
    return;
  }
  const name = `candor_bench_${process.pid}_${Date.now()}`;
  await postgresQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-pg-'));
  try {
    console.log(`PostgreSQL database ${name} at ${redact(POSTGRES_URL)}`);
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    const first = await measure(env);
    rows.push({ name: 'PostgreSQL, new database (first start)', times: [first] });
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await measure(env));
    rows.push({ name: 'PostgreSQL, existing database', times, target: POSTGRES_TARGET_MS });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgresQuery(`drop database if exists ${name} with (force)`);
  }
}

function redact(text) {
  const url = new URL(text);
  if (url.password) url.password = '***';
  return url.toString();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The reference of the same run: a bare `node` process, spawned until it exits (the machine's noise). */
async function benchBareNode() {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    times.push(performance.now() - started);
  }
  rows.push({ name: 'reference: bare node, spawn → exit', times });
}

await benchBareNode();
await benchEmbedded();
await benchPostgres();

const load = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' ');
const machine = `${os.cpus().length} cores, load average ${load}, node ${process.version}`;
console.log(`\nStart-up: process spawn → first 200 from /api/ready (${machine})\n`);
const header = ['', 'runs', 'median', 'min', 'max', 'target'];
const table = rows.map(({ name, times, target }) => {
  const verdict =
    target === undefined ? '—' : `< ${seconds(target)} ${median(times) < target ? 'MET' : 'MISSED'}`;
  return [
    name,
    String(times.length),
    seconds(median(times)),
    seconds(Math.min(...times)),
    seconds(Math.max(...times)),
    verdict,
  ];
});
const widths = header.map((_, i) => Math.max(header[i].length, ...table.map((row) => row[i].length)));
const line = (cells) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(line(header));
for (const row of table) console.log(line(row));
