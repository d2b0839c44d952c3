// Where the time of a bench/ledger.mjs phase goes: CPU of the server process, of this load
// generator and of all PostgreSQL processes (from /proc, Linux only), how busy the whole machine
// was, and how many of the bench database's backends were active or waiting on a lock (sampled
// from pg_stat_activity every 100 ms).
import fs from 'node:fs';
import { connect } from './ledger-setup.mjs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function processCpuMs(pid) {
  try {
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (ms) of every PostgreSQL process, by pid. */
function postgresCpuByPid() {
  const byPid = new Map();
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      } catch {
        continue;
      }
      const ms = processCpuMs(entry);
      if (Number.isFinite(ms)) byPid.set(entry, ms);
    }
  } catch {
    return undefined;
  }
  return byPid;
}

/**
 * PostgreSQL's CPU between two snapshots: what each process alive at the end used since the start
 * (all of it for one started meanwhile). A process that ended meanwhile (a backend whose connection
 * closed) is not counted: its time is gone from /proc, and subtracting its earlier total would make
 * the sum smaller than nothing.
 */
function postgresCpuBetween(start, end) {
  if (!start || !end) return Number.NaN;
  let total = 0;
  for (const [pid, ms] of end) total += ms - (start.get(pid) ?? 0);
  return total;
}

function machineTicks() {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const numbers = values.map(Number);
    const idle = numbers[3] + numbers[4];
    const total = numbers.slice(0, 8).reduce((a, b) => a + b, 0);
    return { idle, total };
  } catch {
    return { idle: Number.NaN, total: Number.NaN };
  }
}

function snapshot(serverPid) {
  return {
    server: processCpuMs(serverPid),
    bench: process.cpuUsage(),
    postgres: postgresCpuByPid(),
    machine: machineTicks(),
  };
}

/**
 * The server's count of statements and transactions (bench/sql-statements.mjs, preloaded): asks for it
 * with SIGUSR2 and waits for the file to show a newer count. Undefined without a count file.
 */
async function readSqlCount(serverPid, file) {
  if (!file) return undefined;
  const read = () => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
  };
  const before = read()?.seq ?? 0;
  process.kill(serverPid, 'SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 5) {
    const count = read();
    if (count && count.seq > before) return count;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return undefined;
}

/**
 * Starts observing; `stop()` answers the CPU used (ms) since then, the average number of the
 * database's backends that were active or waiting on a lock and, given the server's count file,
 * the statements and transactions it sent meanwhile.
 * @param {{ serverPid: number; url: string; sqlCountFile?: string }} options
 */
export async function observe({ serverPid, url, sqlCountFile }) {
  const client = await connect(url);
  const sqlStart = await readSqlCount(serverPid, sqlCountFile);
  const start = snapshot(serverPid);
  let samples = 0;
  let waiting = 0;
  let active = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const { rows } = await client.query(
        `select count(*) filter (where wait_event_type = 'Lock')::int as waiting,
                count(*) filter (where state = 'active')::int as active
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      samples++;
      waiting += rows[0].waiting;
      active += rows[0].active;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      const end = snapshot(serverPid);
      const sqlEnd = await readSqlCount(serverPid, sqlCountFile);
      polling = false;
      await poll;
      await client.end();
      const bench = process.cpuUsage(start.bench);
      const idle = end.machine.idle - start.machine.idle;
      const total = end.machine.total - start.machine.total;
      return {
        serverCpuMs: end.server - start.server,
        benchCpuMs: (bench.user + bench.system) / 1000,
        postgresCpuMs: postgresCpuBetween(start.postgres, end.postgres),
        machineBusy: total > 0 ? 1 - idle / total : Number.NaN,
        lockWaiting: samples > 0 ? waiting / samples : Number.NaN,
        active: samples > 0 ? active / samples : Number.NaN,
        statements: sqlStart && sqlEnd ? sqlEnd.statements - sqlStart.statements : Number.NaN,
        transactions: sqlStart && sqlEnd ? sqlEnd.transactions - sqlStart.transactions : Number.NaN,
        roundTrips: sqlStart && sqlEnd ? sqlEnd.roundTrips - sqlStart.roundTrips : Number.NaN,
      };
    },
  };
}
