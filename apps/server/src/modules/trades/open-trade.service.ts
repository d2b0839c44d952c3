import type { Quote } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import { type PlaceTradeRequest, TRADE_MESSAGES, type Trade } from '@candor/contracts/trades';
import { type EntryDraft, tradeMarginEntry } from '@candor/domain/ledger/entries';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import {
  openingPrice,
  quoteWithTerms,
  spreadFor,
  stopOutMidPrice,
  type TradingTerms,
} from '@candor/domain/trading/spread';
import { computeStopOutPrice } from '@candor/domain/trading/stop-out-price';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { itemAt } from '../../lib/decide-together.ts';
import type { Command } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { enqueueCopyOpens } from '../copy-trading/copy-fanout.ts';
import { type EntryActors, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { selectUserRoles } from '../users/users.repository.ts';
import { requireCustomerRole } from '../users/users.service.ts';
import { NO_COPY_MARKS } from './copy-marks.repository.ts';
import {
  pricedAt,
  requireFreshQuote,
  requireLotSize,
  requireTradableInstrument,
  tradeTerms,
} from './trade-inputs.ts';
import { describeTrade, toTrade } from './trade-rows.ts';
import { insertTrades, type NewTrade, type TradeRow } from './trades.repository.ts';
import { findTradingTerms } from './trading-terms.ts';

/**
 * Opens a trade at the market's price of this moment (a price from the request is never used):
 * reserves the amount as margin ("Insufficient balance" when the available cash does not cover
 * it; the ledger locks the customer's accounts, so simultaneous trades cannot overdraw), records
 * exposure = amount × lot size and the price at which the stop-out will look at it. A staff account
 * trades nothing (403 FORBIDDEN, decision 062): its role is read after the accounts' lock, as the
 * batch reads it, so a role written since the session was read decides.
 */
export async function openTrade({
  tx,
  actor,
  now,
  market,
  input,
}: Command<{ market: MarketService; input: PlaceTradeRequest }>): Promise<Trade> {
  // Sent at once: the lock, then the role read under it (the posting takes the same lock again).
  const [, roles] = await Promise.all([
    lockCustomerAccounts(tx, [actor.id]),
    selectUserRoles(tx, [actor.id]),
  ]);
  requireCustomerRole(roles, actor.id);
  const row = await placeTrade({ tx, actor, now, market, input, userId: actor.id, copy: null });
  // A strategy provider's trade is copied for their followers by jobs added in this transaction.
  await enqueueCopyOpens(tx, row);
  // The customer's own trade: not a copy.
  return toTrade(row, NO_COPY_MARKS);
}

/**
 * Opens a trade for `userId` (the actor themselves, or the system opening a follower's copy, marked
 * with `copy`) under that account's own leverage and spread.
 */
export async function placeTrade({
  tx,
  actor,
  now,
  market,
  input,
  userId,
  copy,
}: Command<{
  market: MarketService;
  input: PlaceTradeRequest;
  userId: string;
  copy: CopyMark | null;
}>): Promise<TradeRow> {
  const spec = requireTradableInstrument(market, input.symbol);
  const terms = await findTradingTerms(tx, userId, now);
  const lotHundredths = requireLotSize(input.lotSize, terms.maxLeverage);
  const quote = requireFreshQuote(market, spec.symbol);
  const prepared = prepareTrade({ spec, terms, quote, now, userId, copy, input, lotHundredths });
  const [row] = await insertPreparedTrades(tx, actor, [prepared]);
  if (!row) throw new Error('the trade was not stored');
  return row;
}

export type CopyMark = { copiedFromTradeId: string; copyRelationId: string };

/** A trade checked and priced, not stored yet: its row and its margin entry. */
export type PreparedTrade = { values: NewTrade; margin: EntryDraft };

/**
 * The row and margin entry of a trade opening at `quote` under the account's `terms` (the
 * instrument, the quote's freshness and the lot size already checked): the open price on the
 * trade's side of the quote under the account's spread, exposure = amount × lot size, and the price
 * at which the stop-out will look at it. Pure: `insertPreparedTrades` stores it.
 */
export function prepareTrade({
  spec,
  terms,
  quote,
  now,
  userId,
  copy,
  input,
  lotHundredths,
}: {
  spec: InstrumentSpec;
  terms: TradingTerms;
  quote: Quote;
  now: Date;
  userId: string;
  copy: CopyMark | null;
  input: Pick<PlaceTradeRequest, 'direction' | 'amount'>;
  lotHundredths: number;
}): PreparedTrade {
  const amount = toMinorUnits(input.amount);
  const spread = spreadFor(spec, terms);
  const openPrice = openingPrice(input.direction, quoteWithTerms(spec, terms, quote.price));
  const stopOut = computeStopOutPrice({
    direction: input.direction,
    amountCents: amount,
    lotHundredths,
    openPrice,
  });
  const values = {
    id: crypto.randomUUID(),
    userId,
    ...tradeTerms(spec, input.direction, amount, lotHundredths),
    openPrice,
    openMidPrice: quote.price,
    spreadUnit: spread.unit,
    spreadValue: spread.value,
    openedAt: pricedAt(now, quote),
    // The monitor compares mids: the mid at which the executable close price reaches the stop-out.
    stopOutPrice: stopOut === null ? null : stopOutMidPrice(spec, spread, input.direction, stopOut),
    status: 'open',
    priceSource: quote.source,
    createdAt: now,
    ...(copy ?? {}),
  } satisfies NewTrade;
  const margin = tradeMarginEntry({ userId, amount, tradeId: values.id, description: describeTrade(values) });
  return { values, margin };
}

/**
 * Stores prepared trades: their margins reserved in one posting of the ledger, by `actor` (one for
 * all, or one per trade) (which locks the accounts; INSUFFICIENT_FUNDS, nothing written, when one account's available cash does not cover
 * its margin) and the rows in one insert. Answers the rows in the order given.
 *
 * With `entryIds` reserved ahead (`reserveEntryIds`, after the accounts' locks), the posting and the
 * insert are sent at once: each row names its margin by the id at its place. A posting refused then
 * is a broken invariant (the rows name entries that do not exist, and the insert fails).
 */
export async function insertPreparedTrades(
  tx: Db,
  actor: EntryActors,
  prepared: readonly PreparedTrade[],
  entryIds?: readonly bigint[],
): Promise<TradeRow[]> {
  if (prepared.length === 0) return [];
  if (entryIds) {
    const [margins, rows] = await Promise.all([
      postEntries(
        tx,
        prepared.map((trade) => trade.margin),
        actor,
        { entryIds },
      ),
      insertTrades(
        tx,
        prepared.map((trade, index) => ({ ...trade.values, marginEntryId: itemAt(entryIds, index) })),
      ),
    ]);
    if (!margins.ok) throw new Error('a margin within the cash read under the lock was refused');
    return rows;
  }
  const margins = await postEntries(
    tx,
    prepared.map((trade) => trade.margin),
    actor,
  );
  if (!margins.ok) throw new AppError('INSUFFICIENT_FUNDS', TRADE_MESSAGES.insufficient);
  // Entries come back in the order of their drafts (ids are allocated in that order).
  if (margins.value.length !== prepared.length) throw new Error('the margin entries were not posted');
  return insertTrades(
    tx,
    prepared.map((trade, index) => ({ ...trade.values, marginEntryId: margins.value[index]?.id ?? null })),
  );
}
