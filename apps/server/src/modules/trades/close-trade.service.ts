import type { AdminTradeDetail } from '@candor/contracts/admin-trades';
import type { Quote } from '@candor/contracts/market';
import { CLOSED_BY_LABELS, type Trade } from '@candor/contracts/trades';
import { type EntryDraft, tradeCloseEntries } from '@candor/domain/ledger/entries';
import { formatPrice } from '@candor/domain/money/decimal';
import { formatDecimal } from '@candor/domain/money/money';
import { checkTransition } from '@candor/domain/state-machine';
import { computeTradeResult, isStopOut } from '@candor/domain/trading/trade-result';
import { TRADE_NEXT, type TradeCloser, type TradeStatus } from '@candor/domain/trading/trade-status';
import type { Db } from '../../db/client.ts';
import { type Actor, SYSTEM_ACTOR } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { enqueueCopyCloses, enqueueCopyStopLossChecks } from '../copy-trading/copy-fanout.ts';
import { settleCopiedTrades } from '../copy-trading/settle-copied-trades.ts';
import { expectPosted, postEntries } from '../ledger/ledger.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { findCopyMarks } from './copy-marks.repository.ts';
import { staffCloseNotice } from './staff-close-notice.ts';
import { closingPriceAt, pricedAt, requireFreshQuote } from './trade-inputs.ts';
import { describeTrade, toTrade } from './trade-rows.ts';
import { closeTradeRow, closeTradeRows, lockTrade, lockTrades, type TradeRow } from './trades.repository.ts';
import { requireAdminTrade, TRADE_NOT_FOUND } from './trades.service.ts';

export const TRADE_TRANSITIONS: Transitions<TradeStatus> = {
  next: TRADE_NEXT,
  alreadyDecided: () => 'This trade is already closed',
  invalid: (from) => `A ${from} trade cannot be closed`,
};

/**
 * Locks a trade's row (before anything else) and checks that it may close: NOT_FOUND for an
 * unknown id (or, with `ownerId`, another customer's trade), ALREADY_DECIDED once closed. Two
 * closes at once take turns on the lock; the second sees the first one's close and is refused.
 */
async function lockOpenTrade(tx: Db, id: string, ownerId?: string): Promise<TradeRow> {
  const row = await lockTrade(tx, id, ownerId);
  if (!row) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND);
  requireTransition(TRADE_TRANSITIONS, row.status, 'closed');
  return row;
}

/** Closers that are the server itself: the trade records no user as its closer. */
const BY_THE_SYSTEM: ReadonlySet<TradeCloser> = new Set(['stop_out', 'copy', 'copy_stop_loss']);

export type Close = {
  /** The market's mid price now: the trade closes at its closing side of it (closingPriceAt). */
  mid: string;
  closedBy: Exclude<TradeCloser, 'desk'>;
  reason: string | null;
  actor: Actor;
  now: Date;
};

type ClosedFields = Parameters<typeof closeTradeRow>[2];

/**
 * How a locked open trade closes at its executable price for the mid (the bid for a BUY, the ask
 * for a SELL, under its own stored spread): the result from the executed open and close prices
 * (computeTradeResult: exact, never below −amount), the ledger's margin release and result
 * entries, and the closed row's fields. Pure.
 */
export function closingOf(row: TradeRow, close: Close): { entries: EntryDraft[]; fields: ClosedFields } {
  const { price, midPrice } = closingPriceAt(row, close.mid);
  const result = computeTradeResult({
    direction: row.direction,
    amountCents: row.amountMinor,
    lotHundredths: row.lotHundredths,
    openPrice: row.openPrice,
    closePrice: price,
  });
  const how =
    close.closedBy === 'stop_out'
      ? 'stopped out'
      : close.closedBy === 'copy_stop_loss'
        ? 'closed by the copy stop-loss'
        : 'closed';
  // A close by staff says so on the customer's statement, with the reason (decision 046 §4).
  const byStaff = close.closedBy === 'admin' && close.reason !== null;
  const entries = tradeCloseEntries({
    userId: row.userId,
    amount: row.amountMinor,
    result,
    tradeId: row.id,
    description: `${describeTrade(row)}, ${how} at ${formatPrice(price)}${byStaff ? `. ${CLOSED_BY_LABELS.admin}. Reason: ${close.reason}` : ''}`,
  });
  const fields = {
    closePrice: price,
    closeMidPrice: midPrice,
    closedAt: close.now,
    resultMinor: result,
    closedBy: close.closedBy,
    closedByUserId: BY_THE_SYSTEM.has(close.closedBy) ? null : close.actor.id,
    closeReason: close.reason,
  };
  return { entries, fields };
}

/**
 * Closes a locked open trade (closingOf): posts its entries, stores the closed row, settles a
 * follower's copy and adds the close jobs of a provider's trade.
 */
async function settleTrade(
  tx: Db,
  row: TradeRow,
  close: Close,
): Promise<{ row: TradeRow; entryIds: string[] }> {
  const { entries, fields } = closingOf(row, close);
  // The margin covers any loss (a result is never below −amount): nothing can overdraw.
  const posted = expectPosted(await postEntries(tx, entries, close.actor));
  const closed = await closeTradeRow(tx, row.id, fields);
  // A follower's copy counts toward their high-water mark (and may owe a profit share), whoever
  // closed it, and has its relation's copy stop-loss checked by a job of this transaction; a
  // provider's trade closes its followers' open copies through jobs of this transaction.
  if (closed.copyRelationId !== null) {
    await settleCopiedTrades(tx, [closed], close.now);
    await enqueueCopyStopLossChecks(tx, [closed.copyRelationId]);
  }
  await enqueueCopyCloses(tx, closed.id);
  return { row: closed, entryIds: posted.map((entry) => entry.id.toString()) };
}

/** The customer closes their own open trade at the market price of this moment. */
export async function closeOwnTrade({
  tx,
  actor,
  now,
  market,
  id,
}: Command<{ market: MarketService; id: string }>): Promise<Trade> {
  const row = await lockOpenTrade(tx, id, actor.id);
  const quote = requireFreshQuote(market, row.symbol);
  const { row: closed } = await settleTrade(tx, row, {
    mid: quote.price,
    closedBy: 'customer',
    reason: null,
    actor,
    now: pricedAt(now, quote),
  });
  return toTrade(closed, await findCopyMarks(tx, [closed]));
}

/**
 * An administrator closes any open trade at the market price of this moment, with a reason; audited.
 * The customer is mailed the close (its price, time, result and reason) through the outbox, so the
 * notice exists exactly when the close commits (decision 046 §4).
 */
export async function adminCloseTrade({
  tx,
  actor,
  now,
  outbox,
  market,
  id,
  reason,
}: Command<{
  outbox: Outbox;
  market: MarketService;
  id: string;
  reason: string;
}>): Promise<AdminTradeDetail> {
  const row = await lockOpenTrade(tx, id);
  const quote = requireFreshQuote(market, row.symbol);
  const { row: closed, entryIds } = await settleTrade(tx, row, {
    mid: quote.price,
    closedBy: 'admin',
    reason,
    actor,
    now: pricedAt(now, quote),
  });
  await recordAudit(tx, {
    actor,
    action: 'trade.close',
    targetType: 'trade',
    targetId: row.id,
    subjectUserId: row.userId,
    reason,
    before: { status: row.status, userId: row.userId, symbol: row.symbol, openPrice: row.openPrice },
    after: {
      status: closed.status,
      closePrice: closed.closePrice,
      result: closed.resultMinor === null ? null : formatDecimal(closed.resultMinor),
      entryIds,
    },
  });
  const detail = await requireAdminTrade(tx, market, row.id);
  outbox.queue(
    staffCloseNotice({
      userId: row.userId,
      to: detail.email,
      name: detail.customerName,
      siteName: await readSiteName(tx),
      trade: closed,
    }),
  );
  return detail;
}

/**
 * The stop-out of one trade at a tick's mid price: closed at −amount exactly when `isStopOut` says
 * the executable close price (the trade's closing side of the mid) reached it. Answers false, writing nothing, when the trade is already closed (the
 * customer, an administrator or another server was first) or the price passed only the pre-filter.
 */
export async function stopOutTrade({
  tx,
  now,
  id,
  price,
}: {
  tx: Db;
  now: Date;
  id: string;
  price: string;
}): Promise<boolean> {
  const row = await lockTrade(tx, id);
  if (!row || !checkTransition(TRADE_NEXT, row.status, 'closed').ok) return false;
  const stopped = isStopOut({
    direction: row.direction,
    amountCents: row.amountMinor,
    lotHundredths: row.lotHundredths,
    openPrice: row.openPrice,
    price: closingPriceAt(row, price).price,
  });
  if (!stopped) return false;
  const { row: closed } = await settleTrade(tx, row, {
    mid: price,
    closedBy: 'stop_out',
    reason: null,
    actor: SYSTEM_ACTOR,
    now,
  });
  if (closed.resultMinor !== -row.amountMinor) throw new Error('a stop-out must close at −amount');
  return true;
}

/** Why the system closes a follower's copy. */
type CopyCloser = 'copy' | 'copy_stop_loss';

/**
 * Closes followers' open copies by the system: `copy` (the default) because the strategy provider
 * closed the trade they copy, `copy_stop_loss` because the follower's copy stop-loss was reached.
 * At the market price of this moment (each copy's closing side, under its own spread), as settleTrade
 * closes one trade but set-based: the copies locked in one query, their entries posted at once, their
 * rows closed in one update, their high-water marks settled together (settleCopiedTrades); each
 * relation's copy stop-loss is checked by a job of this transaction. A copy already closed (the
 * follower was first) is left as it is. Answers how many closed. PRICE_UNAVAILABLE is thrown: the
 * job is retried until a price comes.
 */
export async function closeCopiedTrades({
  tx,
  now,
  market,
  ids,
  closedBy = 'copy',
}: {
  tx: Db;
  now: Date;
  market: MarketService;
  ids: readonly string[];
  closedBy?: CopyCloser;
}): Promise<number> {
  const open = (await lockTrades(tx, ids)).filter(
    (row) => checkTransition(TRADE_NEXT, row.status, 'closed').ok,
  );
  if (open.length === 0) return 0;
  const quotes = new Map<string, Quote>();
  const closes = open.map((row) => {
    const quote = quotes.get(row.symbol) ?? requireFreshQuote(market, row.symbol);
    quotes.set(row.symbol, quote);
    const close = {
      mid: quote.price,
      closedBy,
      reason: null,
      actor: SYSTEM_ACTOR,
      now: pricedAt(now, quote),
    };
    return { row, ...closingOf(row, close) };
  });
  expectPosted(
    await postEntries(
      tx,
      closes.flatMap((close) => close.entries),
      SYSTEM_ACTOR,
    ),
  );
  const { rows: closed, copied } = await closeTradeRows(tx, closes);
  await settleCopiedTrades(tx, closed, now);
  await enqueueCopyStopLossChecks(
    tx,
    closed.flatMap((row) => (row.copyRelationId === null ? [] : [row.copyRelationId])),
  );
  // A copy is not copied in turn (copies never fan out), so there is no close job to add; should
  // one ever be, it is added as settleTrade adds it.
  for (const id of copied) await enqueueCopyCloses(tx, id);
  return closed.length;
}
