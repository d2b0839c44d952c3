// node bench/sql-transactions.mjs FILE [--top 12] [--width 28] — the shapes of the transactions a
// benchmark's server ran, from the statements it captured (CAPTURE_SQL_FILE=FILE,
// bench/sql-statements.mjs). A transaction is a connection's statements from BEGIN to COMMIT or
// ROLLBACK; its shape is the start of each statement's text, `*` before one that started a round
// trip, `+` before one sent behind another. Prints, per shape: how many ran, their round trips
// (BEGIN's included), and their median and slowest time from BEGIN to the COMMIT's sending. Shows
// what a money request's transaction waits on, round trip by round trip, and which requests ran
// alone or together (decision 041).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** A shape shows at most this many statements (a migration's transaction holds hundreds). */
const MAX_STEPS = 16;

/**
 * The transactions of captured statements (objects of CAPTURE_SQL_FILE's lines, in order), grouped
 * by shape, most frequent first: { shape, count, roundTrips, medianMs, slowestMs }.
 */
export function transactionShapes(statements, width = 28) {
  /** Open transactions, by connection: when BEGIN was sent and the statements since. */
  const open = new Map();
  const shapes = new Map();
  for (const { at, connection, roundTrip, text } of statements) {
    if (at === undefined) throw new Error('statements captured without their times: capture them again');
    const head = text.replace(/\s+/g, ' ').trim();
    if (/^begin\b/i.test(head)) {
      open.set(connection, { at, steps: [] });
      continue;
    }
    const current = open.get(connection);
    if (!current) continue;
    current.steps.push(`${roundTrip ? '*' : '+'}${head.slice(0, width)}`);
    if (!/^(commit|rollback)\b/i.test(head)) continue;
    open.delete(connection);
    const steps = current.steps.length;
    const shape =
      steps > MAX_STEPS
        ? `${current.steps.slice(0, MAX_STEPS).join(' ')} … (${steps} statements)`
        : current.steps.join(' ');
    const seen = shapes.get(shape) ?? {
      durations: [],
      roundTrips: 1 + current.steps.filter((step) => step.startsWith('*')).length,
    };
    seen.durations.push(at - current.at);
    shapes.set(shape, seen);
  }
  return [...shapes]
    .map(([shape, { durations, roundTrips }]) => {
      const sorted = [...durations].sort((a, b) => a - b);
      return {
        shape,
        count: sorted.length,
        roundTrips,
        medianMs: sorted[Math.floor(sorted.length / 2)],
        slowestMs: sorted[sorted.length - 1],
      };
    })
    .sort((a, b) => b.count - a.count);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '12' }, width: { type: 'string', default: '28' } },
  });
  const [file] = positionals;
  if (!file) {
    console.error('usage: node bench/sql-transactions.mjs FILE [--top 12] [--width 28]');
    process.exit(2);
  }
  const statements = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  for (const s of transactionShapes(statements, Number(args.width)).slice(0, Number(args.top))) {
    console.log(
      `${String(s.count).padStart(6)} × ${s.roundTrips} round trips, median ${s.medianMs.toFixed(1)} ms, slowest ${s.slowestMs.toFixed(1)} ms\n         ${s.shape}`,
    );
  }
}
