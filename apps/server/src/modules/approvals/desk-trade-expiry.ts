import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { bookingWindowStart, isPastBookingWindow } from '@candor/domain/trading/booking-times';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { createRepeatingJob, type RepeatingJob } from '../../lib/repeating-job.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { approvalAuditBefore, deskTradeRequestOf } from './approval-rows.ts';
import { lockDeskTradesOpenedBefore, updateApproval } from './approvals.repository.ts';

/** How often the server looks for desk bookings that can no longer be approved. */
export const DESK_TRADE_APPROVAL_EXPIRY_INTERVAL_MS = 5 * 60_000;

export type DeskTradeApprovalExpirySummary = {
  /** Desk bookings awaiting a second approval that this run marked expired. */
  expired: number;
};

/**
 * Expires the desk bookings awaiting a second approval that can no longer be approved
 * (docs/decisions/054): their open time is now more than BOOKING_WINDOW_DAYS back, so checkBooking
 * refuses every approval, and as time only moves on it always will. Each becomes `expired` (final:
 * a decision on it is 409 ALREADY_DECIDED) with the server as its closer and the reason why, and is
 * audited as 'approval.expire' with the system as actor. Nothing reaches the customer: they were
 * never told of it. One transaction; rows being decided at this moment are skipped (SKIP LOCKED)
 * and left to their decision, so a run racing an approval, or another server's run, never decides a
 * request twice. Running it again expires nothing more.
 */
export async function expireDeadDeskTradeApprovals({
  db,
  now,
}: {
  db: Db;
  now: Date;
}): Promise<DeskTradeApprovalExpirySummary> {
  return db.transaction(async (tx) => {
    let expired = 0;
    for (const row of await lockDeskTradesOpenedBefore(tx, new Date(bookingWindowStart(now.getTime())))) {
      const booking = deskTradeRequestOf(row);
      // The query's bound is the domain's: checked again here, so the rule has one definition.
      if (!isPastBookingWindow(Date.parse(booking.openedAt), now.getTime())) continue;
      const reason = APPROVAL_MESSAGES.deskTradeExpired;
      const after = await updateApproval(tx, row.id, {
        status: 'expired',
        checkerId: SYSTEM_ACTOR.id,
        checkerRole: SYSTEM_ACTOR.role,
        checkerReason: reason,
        decidedAt: now,
      });
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'approval.expire',
        targetType: 'approval',
        targetId: row.id,
        subjectUserId: row.userId,
        reason,
        before: { ...approvalAuditBefore(row), openedAt: booking.openedAt },
        after: { status: after.status },
      });
      expired += 1;
    }
    return { expired };
  });
}

export type DeskTradeApprovalExpiryJob = RepeatingJob<DeskTradeApprovalExpirySummary>;

/**
 * Runs a minute after start, then every 5 minutes, on every server and either engine (PGlite or
 * PostgreSQL): two servers at once share the rows (SKIP LOCKED) and never expire one twice.
 */
export function createDeskTradeApprovalExpiryJob(options: {
  db: Db;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  clock?: Clock;
  firstRunDelayMs?: number;
  intervalMs?: number;
}): DeskTradeApprovalExpiryJob {
  const clock = options.clock ?? systemClock;
  return createRepeatingJob({
    name: 'desk trade approval expiry',
    run: async () => {
      const summary = await expireDeadDeskTradeApprovals({ db: options.db, now: clock() });
      // Quiet when nothing expired: it runs every 5 minutes.
      if (summary.expired > 0) options.logger.info({ summary }, 'desk trade approvals expired');
      return summary;
    },
    logger: options.logger,
    firstRunDelayMs: options.firstRunDelayMs ?? 60_000,
    intervalMs: options.intervalMs ?? DESK_TRADE_APPROVAL_EXPIRY_INTERVAL_MS,
    logSummary: false,
  });
}
