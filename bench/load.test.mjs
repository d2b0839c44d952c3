import { expect, test } from 'vitest';
import { phaseRecorder, TAIL_WINDOW_MS, tailLine, tailWindows } from './load.mjs';

test('the answers at or over the p99 are counted by the window they arrived in', () => {
  const answers = [
    [0, 10],
    [5, 80],
    [50, 90],
    [TAIL_WINDOW_MS + 1, 12],
    [3 * TAIL_WINDOW_MS + 7, 85],
    [3 * TAIL_WINDOW_MS + 60, 11],
  ];
  expect(tailWindows(answers, 80)).toEqual({ over: 3, windows: 2, busiest: 2 });
  expect(tailWindows([], 80)).toEqual({ over: 0, windows: 0, busiest: 0 });
  expect(tailLine('A spread', { over: 3, windows: 2, busiest: 2 })).toBe(
    `  A spread: 3 answers at or over the p99, in 2 windows of ${TAIL_WINDOW_MS} ms (the busiest holds 2)`,
  );
});

test("a phase's result says where its slowest answers fell", () => {
  const recorder = phaseRecorder(['open']);
  for (let n = 0; n < 300; n++) recorder.record('open', { status: 200, ms: n < 5 ? 500 : 20, text: '' });
  const { tail, ops } = recorder.result(1000);
  expect(ops).toBe(300);
  // The p99 of these 300 answers is 500 ms (five of them), all recorded within a few milliseconds.
  expect(tail.over).toBe(5);
  expect(tail.busiest).toBeGreaterThanOrEqual(3);
});
