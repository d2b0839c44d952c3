import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { StorageBackend } from '../modules/storage/storage-backend.ts';
import { removeUnusedFiles } from '../modules/storage/unused-files.ts';
import { type Clock, systemClock } from './clock.ts';
import { pruneExpiredIdempotencyKeys } from './idempotency-expiry.ts';
import { createRepeatingJob, type RepeatingJob } from './repeating-job.ts';

export const HOUR_MS = 60 * 60 * 1000;

export type HousekeepingSummary = {
  /** Idempotency keys older than their time to live, deleted. */
  idempotencyKeysRemoved: number;
  /** Uploads no record used, older than the age limit, deleted (record and bytes). */
  filesRemoved: number;
  /** Of those, objects the storage backend could not delete. */
  bytesNotDeleted: number;
  durationMs: number;
};

type HousekeepingOptions = {
  db: Db;
  storage: StorageBackend;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** IDEMPOTENCY_KEY_TTL_HOURS in milliseconds. */
  idempotencyKeyTtlMs: number;
  /** UNUSED_FILE_AGE_HOURS in milliseconds. */
  unusedFileAgeMs: number;
  clock?: Clock;
};

/**
 * One housekeeping run: expired idempotency keys, then unused uploads. Logs what it removed,
 * counts only (no keys, no file names).
 */
export async function runHousekeeping(
  options: HousekeepingOptions & { now: Date },
): Promise<HousekeepingSummary> {
  const started = performance.now();
  const { db, storage, logger, now } = options;
  const idempotencyKeysRemoved = await pruneExpiredIdempotencyKeys(db, {
    before: new Date(now.getTime() - options.idempotencyKeyTtlMs),
  });
  const unused = await removeUnusedFiles({
    db,
    storage,
    before: new Date(now.getTime() - options.unusedFileAgeMs),
    log: logger,
  });
  const summary = {
    idempotencyKeysRemoved,
    ...unused,
    durationMs: Math.round(performance.now() - started),
  };
  logger.info({ housekeeping: summary }, 'housekeeping ran');
  return summary;
}

export type HousekeepingJob = RepeatingJob<HousekeepingSummary>;

/**
 * Runs a minute after start, then every hour. Every server runs it; two at once share the work
 * (rows are taken with SKIP LOCKED) and never remove a thing twice.
 */
export function createHousekeepingJob(
  options: HousekeepingOptions & { firstRunDelayMs?: number; intervalMs?: number },
): HousekeepingJob {
  const clock = options.clock ?? systemClock;
  return createRepeatingJob({
    name: 'housekeeping',
    run: () => runHousekeeping({ ...options, now: clock() }),
    logger: options.logger,
    firstRunDelayMs: options.firstRunDelayMs ?? 60_000,
    intervalMs: options.intervalMs ?? HOUR_MS,
    logSummary: false,
  });
}
