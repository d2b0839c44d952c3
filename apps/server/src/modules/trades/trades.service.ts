import {
  ADMIN_TRADES_PAGE_SIZE,
  type AdminTradeDetail,
  type AdminTradeListQuery,
  type AdminTradePage,
} from '@candor/contracts/admin-trades';
import { TRADES_PAGE_SIZE, type TradeListQuery, type TradePage } from '@candor/contracts/trades';
import { formatDecimal } from '@candor/domain/money/money';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MarketService } from '../../market/market.service.ts';
import { findCopyMarks } from './copy-marks.repository.ts';
import { closingPriceAt } from './trade-inputs.ts';
import { toAdminTrade, toTrade } from './trade-rows.ts';
import {
  expireDueDeskTrades,
  findTradeWithCustomer,
  selectOwnTradePage,
  selectTradePage,
} from './trades.repository.ts';

export const TRADE_NOT_FOUND = 'Trade not found';

/** The customer's own trades, open or closed, newest first. */
export async function listOwnTrades(db: Db, userId: string, query: TradeListQuery): Promise<TradePage> {
  const found = await selectOwnTradePage(db, { ...query, userId, pageSize: TRADES_PAGE_SIZE });
  const marks = await findCopyMarks(db, found.items);
  return mapPage(found, (row) => toTrade(row, marks));
}

/** The All trades tab: every trade, newest first, optionally by customer e-mail, customer and status. */
export async function listTrades(db: Db, now: Date, query: AdminTradeListQuery): Promise<AdminTradePage> {
  // Desk proposals past their expiry show as expired (the sweep also runs on a timer).
  await expireDueDeskTrades(db, now, query.userId);
  const found = await selectTradePage(db, { ...query, pageSize: ADMIN_TRADES_PAGE_SIZE });
  const marks = await findCopyMarks(
    db,
    found.items.map((item) => item.trade),
  );
  return mapPage(found, (item) => toAdminTrade(item, marks));
}

/**
 * One trade for an administrator, with the market's current price and, for an open trade, the
 * result closing it now would give. The price is null (and priceStale true) when the market has
 * no fresh price: a trade cannot be closed on it.
 */
export async function requireAdminTrade(
  db: Db,
  market: MarketService,
  id: string,
): Promise<AdminTradeDetail> {
  const found = await findTradeWithCustomer(db, id);
  if (!found) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND);
  const { trade } = found;
  const price = market.findFreshQuote(trade.symbol)?.price ?? null;
  // Closing now executes on the trade's closing side under its own spread, as adminCloseTrade does.
  const closePrice = price !== null && trade.status === 'open' ? closingPriceAt(trade, price).price : null;
  const resultNow =
    closePrice !== null
      ? computeTradeResult({
          direction: trade.direction,
          amountCents: trade.amountMinor,
          lotHundredths: trade.lotHundredths,
          openPrice: trade.openPrice,
          closePrice,
        })
      : null;
  return {
    ...toAdminTrade(found, await findCopyMarks(db, [trade])),
    currentPrice: price,
    closePriceNow: closePrice,
    priceStale: price === null,
    resultAtCurrentPrice: resultNow === null ? null : formatDecimal(resultNow),
  };
}
