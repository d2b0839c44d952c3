// What a benchmark's server logged at error level (pino: level 50 and above), so that a benchmark
// that ran "fine" while a background task of the server failed over and over says so. Found so:
// pg-boss's maintenance failing every 10 s on PostgreSQL (commit 965afc6).

/** pino's level numbers: 50 error, 60 fatal. */
const ERROR_LEVEL = 50;
/** Distinct messages kept to print (the count covers every line). */
const KEPT = 5;

/**
 * Reads a server's output as it arrives and counts the JSON log lines at error level or above;
 * other lines (plain text, lower levels) are skipped. `stream()` gives the reader of one stream
 * (stdout, stderr): each keeps its own unfinished line, since chunks may cut lines anywhere.
 */
export function serverErrorLog() {
  let count = 0;
  /** @type {Map<string, number>} */
  const messages = new Map();
  const read = (line) => {
    if (!line.startsWith('{')) return;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof entry?.level !== 'number' || entry.level < ERROR_LEVEL) return;
    count++;
    const cause = typeof entry.err?.message === 'string' ? `: ${entry.err.message.split('\n').at(-1)}` : '';
    const message = `${entry.msg ?? '(no message)'}${cause}`.slice(0, 300);
    if (messages.has(message) || messages.size < KEPT)
      messages.set(message, (messages.get(message) ?? 0) + 1);
  };
  return {
    /** The reader of one stream of the output: call it with each chunk. */
    stream() {
      let partial = '';
      /** @param {string | Buffer} chunk */
      return (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = /** @type {string} */ (lines.pop());
        for (const line of lines) read(line);
      };
    },
    /** How many error lines so far, and the first distinct messages with their counts. */
    summary() {
      return { count, messages: [...messages] };
    },
  };
}

/**
 * The lines a benchmark prints when its server logged errors (none when it logged none).
 * @param {{ count: number; messages: [string, number][] }} summary
 */
export function describeServerErrors({ count, messages }) {
  if (count === 0) return [];
  return [
    `The server logged ${count} error${count === 1 ? '' : 's'} during the run (BENCH_SERVER_LOG=file keeps its output):`,
    ...messages.map(([message, times]) => `  ${times}× ${message}`),
  ];
}
