import { expect, test } from 'vitest';
import { describeServerErrors, serverErrorLog } from './server-log.mjs';

const line = (level, msg, err) => `${JSON.stringify({ level, time: 1, msg, ...(err ? { err } : {}) })}\n`;

test('counts error and fatal lines, however the output is cut into chunks', () => {
  const log = serverErrorLog();
  const stdout = log.stream();
  const stderr = log.stream();
  const output = [
    'No administrator exists yet. Open this one-time link…\n',
    line(30, 'Candor is ready'),
    line(50, 'job queue error', {
      message: 'Failed query: BEGIN; …\nparams: : cannot insert multiple commands into a prepared statement',
    }),
    line(40, 'a warning'),
    line(50, 'job queue error', {
      message: 'Failed query: BEGIN; …\nparams: : cannot insert multiple commands into a prepared statement',
    }),
    line(60, 'shutting down badly'),
    '{"level":50, not json\n',
  ].join('');
  // stderr's chunks arrive between stdout's, each stream's unfinished line kept apart.
  for (let at = 0; at < output.length; at += 7) {
    stdout(output.slice(at, at + 7));
    stderr('[Better Auth]: a warning on stderr, cut ');
  }
  stderr('\n');
  expect(log.summary()).toEqual({
    count: 3,
    messages: [
      ['job queue error: params: : cannot insert multiple commands into a prepared statement', 2],
      ['shutting down badly', 1],
    ],
  });
  expect(describeServerErrors(log.summary())).toEqual([
    'The server logged 3 errors during the run (BENCH_SERVER_LOG=file keeps its output):',
    '  2× job queue error: params: : cannot insert multiple commands into a prepared statement',
    '  1× shutting down badly',
  ]);
});

test('a run without errors prints nothing, and only the first five distinct messages are listed', () => {
  const quiet = serverErrorLog();
  quiet.stream()(line(30, 'request completed'));
  expect(describeServerErrors(quiet.summary())).toEqual([]);

  const noisy = serverErrorLog();
  const write = noisy.stream();
  for (let n = 0; n < 8; n++) write(line(50, `failure ${n}`));
  write(line(50, 'failure 0'));
  expect(noisy.summary().count).toBe(9);
  expect(noisy.summary().messages).toEqual([
    ['failure 0', 2],
    ['failure 1', 1],
    ['failure 2', 1],
    ['failure 3', 1],
    ['failure 4', 1],
  ]);
});
