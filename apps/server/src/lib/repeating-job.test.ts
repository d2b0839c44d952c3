import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRepeatingJob } from './repeating-job.ts';

function quietLogger() {
  return { info: vi.fn(), error: vi.fn() };
}

describe('createRepeatingJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('runs after the first delay, then every interval after each run; a failed run is logged and the next still comes', async () => {
    const logger = quietLogger();
    let calls = 0;
    const job = createRepeatingJob({
      name: 'test job',
      run: async () => {
        calls++;
        if (calls === 2) throw new Error('boom');
        return { calls };
      },
      logger,
      firstRunDelayMs: 1_000,
      intervalMs: 10_000,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    expect(logger.info).toHaveBeenCalledWith({ summary: { calls: 1 } }, 'test job ran');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(2);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test job failed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(calls).toBe(3);
  });

  test('stop waits for a run under way; runOnce runs now and throws its failure', async () => {
    let finish: () => void = () => {};
    let finished = false;
    const job = createRepeatingJob({
      name: 'slow job',
      run: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
      logger: quietLogger(),
      firstRunDelayMs: 0,
      intervalMs: 1_000,
      logSummary: false,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopped = job.stop();
    finish();
    await stopped;
    expect(finished).toBe(true);

    const failing = createRepeatingJob({
      name: 'failing job',
      run: () => Promise.reject(new Error('no')),
      logger: quietLogger(),
      firstRunDelayMs: 0,
      intervalMs: 1_000,
    });
    await expect(failing.runOnce()).rejects.toThrow('no');
  });
});
