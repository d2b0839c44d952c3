import type { WaitingDeskTrades } from '@candor/contracts/approvals';
import type { ApprovalStatus } from '@candor/domain/approvals/approval-status';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { checkBooking, proposeBooking } from '../trades/book-trade.service.ts';
import { customerOf, deskTradeRequestOf, toApprovals } from './approval-rows.ts';
import {
  type ApprovalRow,
  selectExpiredDeskTrades,
  selectWaitingDeskTrades,
  updateApproval,
} from './approvals.repository.ts';

/**
 * The customer's desk bookings that never reached them (/user/{id}'s Desk trades): those awaiting a
 * second approval, oldest first, then the latest that expired waiting (docs/decisions/054).
 */
export async function listWaitingDeskTrades(db: Db, userId: string): Promise<WaitingDeskTrades> {
  const [waiting, expired] = await Promise.all([
    selectWaitingDeskTrades(db, userId),
    selectExpiredDeskTrades(db, userId),
  ]);
  return { items: await toApprovals(db, [...waiting, ...expired]) };
}

/** The refusal of a booking whose result is no longer the one the second staff member approved. */
export function resultChangedMessage(asked: string, now: string): string {
  return `This booking's result is now ${now}, not the ${asked} it was requested with: reject it and book it again.`;
}

/**
 * A desk booking above the threshold, approved by a second staff member (docs/decisions/054): it is
 * checked again against today's facts (checkBooking: the account open, the open within the booking
 * window counted from now, the lot size within the customer's leverage, each price within its
 * minute's recorded range, the amount within the cash; any refusal leaves the approval waiting),
 * then proposed to the customer exactly as a booking at or below the threshold is, its expiry
 * counted from now. The trade's booker and the audit row's actor are the maker; the checker is the
 * audit row's approver. Marks the approval approved with the trade it proposed.
 */
export async function applyApprovedDeskTrade({
  tx,
  actor,
  now,
  outbox,
  market,
  row,
  decided,
}: Command<{
  outbox: Outbox;
  market: MarketService;
  row: ApprovalRow;
  decided: {
    status: Extract<ApprovalStatus, 'approved'>;
    checkerId: string;
    checkerRole: string;
    checkerReason: string;
    decidedAt: Date;
  };
}>): Promise<ApprovalRow> {
  const { result: askedResult, ...terms } = deskTradeRequestOf(row);
  const booking = await checkBooking({ tx, now, market, userId: customerOf(row), terms, approvalId: row.id });
  const result = formatDecimal(booking.result);
  if (result !== askedResult) throw new AppError('CONFLICT', resultChangedMessage(askedResult, result));
  const maker: Actor = { id: row.makerId, role: row.makerRole as Actor['role'] };
  const trade = await proposeBooking({
    tx,
    actor: maker,
    now,
    outbox,
    booking,
    reason: row.makerReason,
    fourEyes: { approver: actor, approvalId: row.id, reason: decided.checkerReason },
  });
  return updateApproval(tx, row.id, { ...decided, tradeId: trade.id });
}
