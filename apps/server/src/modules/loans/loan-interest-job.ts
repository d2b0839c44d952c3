import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { createRepeatingJob, type RepeatingJob } from '../../lib/repeating-job.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { accrueLoanInterest, collectDueLoan } from './loan-accrual.ts';
import { lockLoan, selectOpenLoanIds } from './loans.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type LoanInterestSummary = {
  /** Loans that had interest posted. */
  accrued: number;
  /** Loans that had money collected from cash (end of term or overdue). */
  collected: number;
  /** Loans repaid by this run. */
  repaid: number;
  /** Loans that became overdue in this run. */
  overdue: number;
};

/**
 * The daily loan job (issue 13, item 5), one transaction per open loan: posts the interest of the
 * days not posted yet (catching up missed days; idempotent per loan and day), then, from the due
 * date on, collects what is owed from the available cash: repaid when it covers it, overdue
 * otherwise (and collected again on every later run as cash arrives). Interest stops at the due date.
 */
export async function runLoanInterest({
  db,
  mailer,
  now,
  log,
}: {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<LoanInterestSummary> {
  const summary: LoanInterestSummary = { accrued: 0, collected: 0, repaid: 0, overdue: 0 };
  const mails: MailMessage[] = [];
  for (const id of await selectOpenLoanIds(db)) {
    await db.transaction(async (tx) => {
      const locked = await lockLoan(tx, id);
      if (!locked || locked.status === 'repaid') return;
      const accrued = await accrueLoanInterest(tx, locked, now, SYSTEM_ACTOR);
      if (accrued.interestDays !== locked.interestDays) summary.accrued++;
      const collection = await collectDueLoan(tx, accrued, now, SYSTEM_ACTOR);
      if (collection.collected > 0n) summary.collected++;
      if (collection.row.status === 'repaid') summary.repaid++;
      if (collection.row.status === 'overdue' && accrued.status === 'active') summary.overdue++;
      if (collection.mail) mails.push(collection.mail);
    });
  }
  for (const message of mails) {
    try {
      await mailer.send(message);
    } catch (error) {
      log?.warn({ err: error }, 'a loan notice could not be sent');
    }
  }
  return summary;
}

/** Runs a minute after start, then every hour (each run only does what is due, so hourly is harmless). */
export type LoanInterestJob = RepeatingJob<LoanInterestSummary>;

export function createLoanInterestJob(options: {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  clock?: Clock;
  firstRunDelayMs?: number;
  intervalMs?: number;
}): LoanInterestJob {
  const clock = options.clock ?? systemClock;
  return createRepeatingJob({
    name: 'loan interest',
    run: () => runLoanInterest({ db: options.db, mailer: options.mailer, now: clock(), log: options.logger }),
    logger: options.logger,
    firstRunDelayMs: options.firstRunDelayMs ?? 60_000,
    intervalMs: options.intervalMs ?? DAY_MS / 24,
  });
}
