import { toMinorUnits } from '@candor/contracts/money';
import { type PlaceTradeRequest, TRADE_MESSAGES, type Trade } from '@candor/contracts/trades';
import { tradeMarginEntry } from '@candor/domain/ledger/entries';
import { openingPrice, quoteWithTerms, spreadFor, stopOutMidPrice } from '@candor/domain/trading/spread';
import { computeStopOutPrice } from '@candor/domain/trading/stop-out-price';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { enqueueCopyOpens } from '../copy-trading/copy-fanout.ts';
import { postEntries } from '../ledger/ledger.repository.ts';
import { NO_COPY_MARKS } from './copy-marks.repository.ts';
import { requireFreshQuote, requireLotSize, requireTradableInstrument, tradeTerms } from './trade-inputs.ts';
import { describeTrade, toTrade } from './trade-rows.ts';
import { insertTrade, type NewTrade, type TradeRow } from './trades.repository.ts';
import { findTradingTerms } from './trading-terms.ts';

/**
 * Opens a trade at the market's price of this moment (a price from the request is never used):
 * reserves the amount as margin ("Insufficient balance" when the available cash does not cover
 * it; the ledger locks the customer's accounts, so simultaneous trades cannot overdraw), records
 * exposure = amount × lot size and the price at which the stop-out will look at it.
 */
export async function openTrade({
  tx,
  actor,
  now,
  market,
  input,
}: Command<{ market: MarketService; input: PlaceTradeRequest }>): Promise<Trade> {
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
  copy: { copiedFromTradeId: string; copyRelationId: string } | null;
}>): Promise<TradeRow> {
  const spec = requireTradableInstrument(market, input.symbol);
  const terms = await findTradingTerms(tx, userId, now);
  const lotHundredths = requireLotSize(input.lotSize, terms.maxLeverage);
  const quote = requireFreshQuote(market, spec.symbol);
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
    openedAt: now,
    // The monitor compares mids: the mid at which the executable close price reaches the stop-out.
    stopOutPrice: stopOut === null ? null : stopOutMidPrice(spec, spread, input.direction, stopOut),
    status: 'open',
    priceSource: quote.source,
    createdAt: now,
    ...(copy ?? {}),
  } satisfies NewTrade;
  const margin = await postEntries(
    tx,
    [tradeMarginEntry({ userId, amount, tradeId: values.id, description: describeTrade(values) })],
    actor,
  );
  if (!margin.ok) throw new AppError('INSUFFICIENT_FUNDS', TRADE_MESSAGES.insufficient);
  const [entry] = margin.value;
  if (!entry) throw new Error('the margin entry was not posted');
  return insertTrade(tx, { ...values, marginEntryId: entry.id });
}
