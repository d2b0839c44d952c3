import type { FastifyBaseLogger } from 'fastify';

/** A job the server runs by itself on a timer (identity retention, loan interest, rating alerts). */
export type RepeatingJob<Summary> = {
  /** Runs the job after `firstRunDelayMs`, then every `intervalMs` after each run ends. */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
  /** One run now (tests drive it with a manual clock); a failure is thrown to the caller. */
  runOnce(): Promise<Summary>;
};

/**
 * Runs `run` on a timer until stopped. A failed run is logged and the next one still comes; runs
 * never overlap (the next is scheduled when one ends); the timer never keeps the process alive.
 */
export function createRepeatingJob<Summary>(options: {
  /** How the log names the job ("loan interest"). */
  name: string;
  run: () => Promise<Summary>;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  firstRunDelayMs: number;
  intervalMs: number;
  /** Log each run's summary at info level (a job that runs every minute keeps quiet). */
  logSummary?: boolean;
}): RepeatingJob<Summary> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = options
        .run()
        .then((summary) => {
          if (options.logSummary !== false) options.logger.info({ summary }, `${options.name} ran`);
        })
        .catch((error: unknown) => options.logger.error({ err: error }, `${options.name} failed`))
        .finally(() => {
          running = undefined;
          schedule(options.intervalMs);
        });
    }, delay);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule(options.firstRunDelayMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce: options.run,
  };
}
