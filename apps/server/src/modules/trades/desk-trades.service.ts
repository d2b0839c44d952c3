import {
  DESK_TRADE_MESSAGES,
  DESK_TRADES_PAGE_SIZE,
  type DeskTradeListQuery,
  type DeskTradePage,
  type DeskTradeStatusName,
  type DeskTradeSummary,
  type Trade,
} from '@candor/contracts/trades';
import { bookedTradeResultEntry } from '@candor/domain/ledger/entries';
import { formatPrice } from '@candor/domain/money/decimal';
import { formatUsd } from '@candor/domain/money/money';
import { DESK_TRADE_NEXT, deskTradeStatusAt } from '@candor/domain/trading/desk-trade-status';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { Command } from '../../lib/transactions.ts';
import { requireLockedOpenCustomer } from '../admin-users/admin-users.service.ts';
import { postEntries, selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { NO_COPY_MARKS } from './copy-marks.repository.ts';
import { describeTrade, toTrade } from './trade-rows.ts';
import {
  countAwaitingDeskTrades,
  decideDeskTradeRow,
  expireDueDeskTrades,
  lockTrade,
  selectOwnDeskTradePage,
  type TradeRow,
} from './trades.repository.ts';

const TRANSITIONS: Transitions<DeskTradeStatusName> = {
  next: DESK_TRADE_NEXT,
  alreadyDecided: (from) => DESK_TRADE_MESSAGES.alreadyDecided(from),
  invalid: (from) => DESK_TRADE_MESSAGES.alreadyDecided(from),
};

/** The signed-in customer's desk trades, awaiting ones first; expired proposals are marked so first. */
export async function listOwnDeskTrades(
  db: Db,
  userId: string,
  now: Date,
  { page }: DeskTradeListQuery,
): Promise<DeskTradePage> {
  await expireDueDeskTrades(db, now, userId);
  const found = await selectOwnDeskTradePage(db, { userId, page, pageSize: DESK_TRADES_PAGE_SIZE });
  // Desk trades are never copies.
  return mapPage(found, (row) => toTrade(row, NO_COPY_MARKS));
}

/** How many desk trades await the customer (the banner on the dashboard and /trades). */
export async function summarizeOwnDeskTrades(db: Db, userId: string, now: Date): Promise<DeskTradeSummary> {
  return { awaiting: await countAwaitingDeskTrades(db, userId, now) };
}

/**
 * The customer's own proposal, locked FOR UPDATE (an accept, a reject and the expiry sweep racing
 * it take turns: the later one finds it decided). Another customer's trade, or a trade not booked
 * by the desk, is NOT_FOUND. A proposal past its expiry (by the server's clock) is expired, so it
 * can no longer be accepted or rejected: ALREADY_DECIDED.
 */
async function lockOwnProposal(
  tx: Db,
  actor: Actor,
  now: Date,
  id: string,
  to: DeskTradeStatusName,
): Promise<TradeRow> {
  const row = await lockTrade(tx, id, actor.id);
  if (!row?.bookedByDesk || !row.deskStatus || !row.deskExpiresAt) {
    throw new AppError('NOT_FOUND', DESK_TRADE_MESSAGES.notFound);
  }
  const status = deskTradeStatusAt(row.deskStatus, row.deskExpiresAt.getTime(), now.getTime());
  requireTransition(TRANSITIONS, status, to);
  return row;
}

/**
 * The customer accepts the desk's proposal: its result is posted to their cash exactly as a desk
 * booking always posted it (one trade_result entry, "Profit/Loss (booked by desk): …"; nothing for a
 * zero result), and the proposal becomes accepted, in this one transaction. An amount (the margin)
 * or a loss larger than the available cash is refused (INSUFFICIENT_FUNDS) and the proposal stays
 * open; the loss is checked again by the posting, which locks the accounts (a trade opened meanwhile
 * may have taken the cash). A closed account cannot accept (the route also refuses a suspended one).
 */
export async function acceptDeskTrade({ tx, actor, now, id }: Command<{ id: string }>): Promise<Trade> {
  const row = await lockOwnProposal(tx, actor, now, id, 'accepted');
  // Share-locked before the posting locks the accounts: a close under way is waited for and seen.
  await requireLockedOpenCustomer(tx, row.userId);
  // As at booking: the trade's amount is the margin it would have taken from the available cash.
  const { available } = await selectBalanceFigures(tx, row.userId);
  if (row.amountMinor > available) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `The amount of ${formatUsd(row.amountMinor)} is more than your available balance of ${formatUsd(available)}`,
    );
  }
  const result = row.resultMinor ?? 0n;
  let entryId: bigint | null = null;
  if (result !== 0n) {
    if (row.closePrice === null) throw new Error(`desk trade ${row.id} has no close price`);
    const posted = await postEntries(
      tx,
      [
        bookedTradeResultEntry({
          userId: row.userId,
          result,
          tradeId: row.id,
          description: `${describeTrade(row)}, closed at ${formatPrice(row.closePrice)}`,
        }),
      ],
      actor,
    );
    if (!posted.ok) {
      const available = -result - posted.error.shortBy;
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `The loss of ${formatUsd(-result)} is more than your available balance of ${formatUsd(available)}`,
      );
    }
    entryId = posted.value[0]?.id ?? null;
  }
  const accepted = await decideDeskTradeRow(tx, row.id, {
    deskStatus: 'accepted',
    deskDecidedAt: now,
    deskEntryId: entryId,
  });
  return toTrade(accepted, NO_COPY_MARKS);
}

/** The customer rejects the desk's proposal: nothing is posted; final. A suspended customer may reject. */
export async function rejectDeskTrade({ tx, actor, now, id }: Command<{ id: string }>): Promise<Trade> {
  const row = await lockOwnProposal(tx, actor, now, id, 'rejected');
  const rejected = await decideDeskTradeRow(tx, row.id, {
    deskStatus: 'rejected',
    deskDecidedAt: now,
    deskEntryId: null,
  });
  return toTrade(rejected, NO_COPY_MARKS);
}
