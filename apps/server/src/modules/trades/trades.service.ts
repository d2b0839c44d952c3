import type { Quote } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import {
  ADMIN_TRADES_PAGE_SIZE,
  type AdminTrade,
  type AdminTradeDetail,
  type AdminTradePage,
  type PlaceTradeRequest,
  TRADE_MESSAGES,
  TRADES_PAGE_SIZE,
  type Trade,
  type TradePage,
  TradeSchema,
} from '@candor/contracts/trades';
import { tradeCloseEntries, tradeMarginEntry } from '@candor/domain/ledger/entries';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { formatDecimal } from '@candor/domain/money/money';
import { checkTransition } from '@candor/domain/state-machine';
import { computeStopOutPrice } from '@candor/domain/trading/stop-out-price';
import {
  computeExposure,
  computeTradeResult,
  DEFAULT_MAX_LEVERAGE,
  formatLotSize,
  isStopOut,
  parseLotSize,
  type TradeDirection,
} from '@candor/domain/trading/trade-result';
import {
  TRADE_NEXT,
  TRADE_STATUSES,
  type TradeCloser,
  type TradeStatus,
} from '@candor/domain/trading/trade-status';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { trades } from '../../db/schema/trades.ts';
import { selectRows } from '../../db/select-rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { pageCount } from '../../lib/page-count.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MarketService } from '../../market/market.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { type LedgerActor, postEntries } from '../ledger/ledger.repository.ts';

export type TradeRow = typeof trades.$inferSelect;

/** Who posts a stop-out's ledger entries: the server itself. */
export const STOP_OUT_ACTOR: LedgerActor = { id: 'system', role: 'system' };

export const TRADE_NOT_FOUND = 'Trade not found';
export const TRADE_ALREADY_CLOSED = 'This trade is already closed';

// ---------- rows → answers ----------

function toDirection(text: string): TradeDirection {
  if (text !== 'buy' && text !== 'sell') throw new Error(`unknown trade direction ${text}`);
  return text;
}

function toStatus(text: string): TradeStatus {
  const known = TRADE_STATUSES.find((status) => status === text);
  if (!known) throw new Error(`unknown trade status ${text}`);
  return known;
}

/** A stored trade as the API shows it; a stored value outside the contract is a bug (fails loudly). */
export function toTrade(row: TradeRow): Trade {
  return TradeSchema.parse({
    id: row.id,
    symbol: row.symbol,
    instrumentClass: row.instrumentClass,
    direction: row.direction,
    amount: formatDecimal(row.amountMinor),
    lotSize: formatLotSize(row.lotHundredths),
    exposure: formatDecimal(row.exposureMinor),
    openPrice: row.openPrice,
    openedAt: row.openedAt.toISOString(),
    status: row.status,
    closePrice: row.closePrice,
    closedAt: row.closedAt?.toISOString() ?? null,
    result: row.resultMinor === null ? null : formatDecimal(row.resultMinor),
    closedBy: row.closedBy,
    closeReason: row.closeReason,
    bookedByDesk: row.bookedByDesk,
    priceSource: row.priceSource,
  });
}

function toAdminTrade(row: TradeRow, customer: { email: string; name: string }): AdminTrade {
  return { ...toTrade(row), userId: row.userId, email: customer.email, customerName: customer.name };
}

/** "BUY BTCUSD ×1.00 at 67234.12": how ledger entries name a trade. */
export function describeTrade(row: {
  direction: string;
  symbol: string;
  lotHundredths: number;
  openPrice: string;
}): string {
  return `${row.direction.toUpperCase()} ${row.symbol} ×${formatLotSize(row.lotHundredths)} at ${row.openPrice}`;
}

// ---------- prices ----------

/** The instrument of a symbol; an unknown one is a request error (400), not a missing page. */
function requireTradableInstrument(market: MarketService, symbol: string): InstrumentSpec {
  try {
    return market.requireInstrument(symbol);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('VALIDATION_FAILED', `Unknown instrument: ${symbol}`);
    }
    throw error;
  }
}

function priceUnavailable(symbol: string): AppError {
  return new AppError(
    'PRICE_UNAVAILABLE',
    `The price of ${symbol} is not available right now. Please try again in a moment.`,
  );
}

/** The market's quote of `symbol` now, or undefined when it has none. */
function findQuote(market: MarketService, symbol: string): Quote | undefined {
  try {
    return market.requireQuote(symbol);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/** The price to trade at now: PRICE_UNAVAILABLE (503) when the market has none or only a stale one. */
function requireFreshQuote(market: MarketService, symbol: string): Quote {
  const quote = findQuote(market, symbol);
  if (!quote || quote.stale) throw priceUnavailable(symbol);
  return quote;
}

// ---------- opening ----------

/**
 * Opens a trade at the market's price of this moment, inside the caller's (money request)
 * transaction: reserves the amount as margin (INSUFFICIENT_FUNDS "Insufficient balance" when the
 * available cash does not cover it; the ledger locks the customer's accounts, so simultaneous
 * trades cannot overdraw), records exposure = amount × lot size and the stop-out pre-filter price.
 */
export async function placeTrade(
  tx: Db,
  market: MarketService,
  customer: LedgerActor,
  input: PlaceTradeRequest,
  now: Date,
): Promise<Trade> {
  const spec = requireTradableInstrument(market, input.symbol);
  const lot = parseLotSize(input.lotSize);
  if (!lot.ok) throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizePositive);
  if (lot.value > DEFAULT_MAX_LEVERAGE * 100) {
    throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizeAboveLeverage(DEFAULT_MAX_LEVERAGE));
  }
  const quote = requireFreshQuote(market, spec.symbol);
  const amount = toMinorUnits(input.amount);
  const id = crypto.randomUUID();
  const values = {
    id,
    userId: customer.id,
    symbol: spec.symbol,
    instrumentClass: spec.class,
    direction: input.direction,
    amountMinor: amount,
    lotHundredths: lot.value,
    exposureMinor: computeExposure(amount, lot.value),
    openPrice: quote.price,
    openedAt: now,
    stopOutPrice: computeStopOutPrice({
      direction: input.direction,
      amountCents: amount,
      lotHundredths: lot.value,
      openPrice: quote.price,
    }),
    status: 'open',
    priceSource: quote.source,
    createdAt: now,
  } satisfies typeof trades.$inferInsert;
  const [margin] = await postEntries(
    tx,
    [tradeMarginEntry({ userId: customer.id, amount, tradeId: id, description: describeTrade(values) })],
    customer,
  );
  if (!margin) throw new Error('the margin entry was not posted');
  const [row] = await tx
    .insert(trades)
    .values({ ...values, marginEntryId: margin.id })
    .returning();
  if (!row) throw new Error('the trade was not stored');
  return toTrade(row);
}

// ---------- closing ----------

/**
 * Locks a trade's row (FOR UPDATE, before anything else) and checks that it may close:
 * NOT_FOUND for an unknown id (or, with `ownerId`, another customer's trade), ALREADY_DECIDED
 * "This trade is already closed" once closed. Two closes at once take turns on the lock; the
 * second sees the first one's close and is refused.
 */
async function lockOpenTrade(tx: Db, id: string, ownerId?: string): Promise<TradeRow> {
  const where = ownerId ? and(eq(trades.id, id), eq(trades.userId, ownerId)) : eq(trades.id, id);
  const [row] = isUuid(id) ? await tx.select().from(trades).where(where).for('update') : [];
  if (!row) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND);
  const move = checkTransition(TRADE_NEXT, toStatus(row.status), 'closed');
  if (!move.ok) {
    throw move.error.code === 'ALREADY_DECIDED'
      ? new AppError('ALREADY_DECIDED', TRADE_ALREADY_CLOSED)
      : new AppError('INVALID_TRANSITION', `A ${move.error.from} trade cannot be closed`);
  }
  return row;
}

type Close = {
  price: string;
  closedBy: Exclude<TradeCloser, 'desk'>;
  closedByUserId: string | null;
  reason: string | null;
  actor: LedgerActor;
  now: Date;
};

/**
 * Closes a locked open trade at `price`: the result (computeTradeResult: exact, never below
 * −amount), the ledger's margin release and result entries, and the closed row.
 */
async function settleTrade(
  tx: Db,
  row: TradeRow,
  close: Close,
): Promise<{ row: TradeRow; entryIds: string[] }> {
  const result = computeTradeResult({
    direction: toDirection(row.direction),
    amountCents: row.amountMinor,
    lotHundredths: row.lotHundredths,
    openPrice: row.openPrice,
    closePrice: close.price,
  });
  const how = close.closedBy === 'stop_out' ? 'stopped out' : 'closed';
  const posted = await postEntries(
    tx,
    tradeCloseEntries({
      userId: row.userId,
      amount: row.amountMinor,
      result,
      tradeId: row.id,
      description: `${describeTrade(row)}, ${how} at ${close.price}`,
    }),
    close.actor,
  );
  const [closed] = await tx
    .update(trades)
    .set({
      status: 'closed',
      closePrice: close.price,
      closedAt: close.now,
      resultMinor: result,
      closedBy: close.closedBy,
      closedByUserId: close.closedByUserId,
      closeReason: close.reason,
    })
    .where(and(eq(trades.id, row.id), eq(trades.status, 'open')))
    .returning();
  if (!closed) throw new Error('the locked open trade was not closed');
  return { row: closed, entryIds: posted.map((entry) => entry.id.toString()) };
}

/** The customer closes their own open trade at the market price of this moment. */
export async function closeOwnTrade(
  tx: Db,
  market: MarketService,
  customer: LedgerActor,
  id: string,
  now: Date,
): Promise<Trade> {
  const row = await lockOpenTrade(tx, id, customer.id);
  const quote = requireFreshQuote(market, row.symbol);
  const { row: closed } = await settleTrade(tx, row, {
    price: quote.price,
    closedBy: 'customer',
    closedByUserId: customer.id,
    reason: null,
    actor: customer,
    now,
  });
  return toTrade(closed);
}

/** An administrator closes any open trade at the market price of this moment, with a reason; audited. */
export async function adminCloseTrade(
  tx: Db,
  market: MarketService,
  actor: AuditActor,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminTradeDetail> {
  const row = await lockOpenTrade(tx, id);
  const quote = requireFreshQuote(market, row.symbol);
  const { row: closed, entryIds } = await settleTrade(tx, row, {
    price: quote.price,
    closedBy: 'admin',
    closedByUserId: actor.id,
    reason,
    actor,
    now,
  });
  await recordAudit(tx, {
    actor,
    action: 'trade.close',
    targetType: 'trade',
    targetId: row.id,
    reason,
    before: { status: row.status, userId: row.userId, symbol: row.symbol, openPrice: row.openPrice },
    after: {
      status: closed.status,
      closePrice: closed.closePrice,
      result: closed.resultMinor === null ? null : formatDecimal(closed.resultMinor),
      entryIds,
    },
  });
  return requireAdminTrade(tx, market, row.id);
}

/**
 * The stop-out of one trade at a tick's price, in its own transaction: closed at −amount exactly
 * when `isStopOut` says the price reached it. Answers false, writing nothing, when the trade is
 * already closed (the customer, an administrator or another server was first) or the price passed
 * only the pre-filter.
 */
export async function stopOutTrade(db: Db, id: string, price: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
    if (!row || !checkTransition(TRADE_NEXT, toStatus(row.status), 'closed').ok) return false;
    const stopped = isStopOut({
      direction: toDirection(row.direction),
      amountCents: row.amountMinor,
      lotHundredths: row.lotHundredths,
      openPrice: row.openPrice,
      price,
    });
    if (!stopped) return false;
    const { row: closed } = await settleTrade(tx, row, {
      price,
      closedBy: 'stop_out',
      closedByUserId: null,
      reason: null,
      actor: STOP_OUT_ACTOR,
      now,
    });
    if (closed.resultMinor !== -row.amountMinor) throw new Error('a stop-out must close at −amount');
    return true;
  });
}

/** The lowest and highest fresh price of a symbol in a batch of ticks (each one a tick's price). */
export type PriceRange = { symbol: string; low: string; high: string };

/**
 * ONE query for a batch of ticks: the open trades whose stop-out pre-filter price the batch
 * crossed (a BUY at or below its stop-out price at the batch's lowest price, a SELL at or above it
 * at the highest), through the partial index trades_open_stop_out_idx (symbol, direction, stop_out_price)
 * where status = 'open'. Each answer carries the tick price to check and close it at.
 */
export async function findStopOutCandidates(
  db: Db,
  ranges: readonly PriceRange[],
): Promise<{ id: string; price: string }[]> {
  if (ranges.length === 0) return [];
  const values = sql.join(
    ranges.map((r) => sql`(${r.symbol}::text, ${r.low}::numeric, ${r.high}::numeric)`),
    sql`, `,
  );
  // A lateral join keeps the per-symbol bounds in the index conditions (a CTE joined by hash would
  // scan every open trade); with the direction in the index each branch is one range scan.
  return selectRows<{ id: string; price: string }>(
    db,
    sql`
    select c.id::text as id, c.price::text as price
      from (values ${values}) as q(symbol, low, high)
     cross join lateral (
       select t.id, q.low as price from trades t
        where t.symbol = q.symbol and t.status = 'open' and t.stop_out_price >= q.low and t.direction = 'buy'
       union all
       select t.id, q.high from trades t
        where t.symbol = q.symbol and t.status = 'open' and t.stop_out_price <= q.high and t.direction = 'sell'
     ) c`,
  );
}

// ---------- lists ----------

/** The customer's own trades, open or closed, newest first: closed ones by close time, open ones by open time. */
export async function listOwnTrades(
  db: Db,
  userId: string,
  query: { status: 'open' | 'closed'; page: number },
): Promise<TradePage> {
  const where = and(eq(trades.userId, userId), eq(trades.status, query.status));
  const order = query.status === 'closed' ? desc(trades.closedAt) : desc(trades.openedAt);
  const [counted] = await db.select({ total: count() }).from(trades).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select()
    .from(trades)
    .where(where)
    .orderBy(order, desc(trades.id))
    .limit(TRADES_PAGE_SIZE)
    .offset((query.page - 1) * TRADES_PAGE_SIZE);
  return {
    items: rows.map(toTrade),
    page: query.page,
    pageCount: pageCount(total, TRADES_PAGE_SIZE),
    total,
  };
}

/** The All trades tab: every trade, newest first, optionally only customers whose e-mail contains `search`. */
export async function listTrades(
  db: Db,
  query: {
    search?: string | undefined;
    userId?: string | undefined;
    status?: 'open' | 'closed' | undefined;
    page: number;
  },
): Promise<AdminTradePage> {
  const where: SQL | undefined = and(
    query.search ? ilike(users.email, containsPattern(query.search)) : undefined,
    query.userId ? eq(trades.userId, query.userId) : undefined,
    query.status ? eq(trades.status, query.status) : undefined,
  );
  const [counted] = await db
    .select({ total: count() })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({ trade: trades, customer: { email: users.email, name: users.name } })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .where(where)
    .orderBy(desc(trades.openedAt), desc(trades.id))
    .limit(ADMIN_TRADES_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_TRADES_PAGE_SIZE);
  return {
    items: rows.map(({ trade, customer }) => toAdminTrade(trade, customer)),
    page: query.page,
    pageCount: pageCount(total, ADMIN_TRADES_PAGE_SIZE),
    total,
  };
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
  const [found] = isUuid(id)
    ? await db
        .select({ trade: trades, customer: { email: users.email, name: users.name } })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.userId))
        .where(eq(trades.id, id))
    : [];
  if (!found) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND);
  const { trade, customer } = found;
  const quote = findQuote(market, trade.symbol);
  const price = quote && !quote.stale ? quote.price : null;
  const resultNow =
    price !== null && trade.status === 'open'
      ? computeTradeResult({
          direction: toDirection(trade.direction),
          amountCents: trade.amountMinor,
          lotHundredths: trade.lotHundredths,
          openPrice: trade.openPrice,
          closePrice: price,
        })
      : null;
  return {
    ...toAdminTrade(trade, customer),
    currentPrice: price,
    priceStale: price === null,
    resultAtCurrentPrice: resultNow === null ? null : formatDecimal(resultNow),
  };
}
