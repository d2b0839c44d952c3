import { COUNTED_DESK_TRADE_STATUSES } from '@candor/domain/approvals/approval-status';
import { and, asc, desc, eq, gt, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { inOrderOf } from '../../db/in-order.ts';
import { countRows, type Page, pageCount, pageWindow, readPage } from '../../db/page.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { users } from '../../db/schema/auth.ts';
import { trades } from '../../db/schema/trades.ts';
import { selectRows } from '../../db/select-rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import { customerEmailStartsWith } from '../users/users.repository.ts';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
/** A trade with the customer it belongs to, as administrators see it. */
export type TradeWithCustomer = { trade: TradeRow; customer: { email: string; name: string } };

/**
 * The trades table in statements built once (docs/decisions/041): the money path's inserts and
 * locks send the same text whatever the rows, and Drizzle does not build them again each time.
 */
const tradeRows = rowCodec(trades);

export async function insertTrade(tx: Db, values: NewTrade): Promise<TradeRow> {
  const [row] = await tradeRows.insert(tx, [values]);
  if (!row) throw new Error('the trade was not stored');
  return row;
}

/** Stores trades (each with its id) in one insert; answers the rows in the order given. */
export async function insertTrades(tx: Db, values: readonly NewTrade[]): Promise<TradeRow[]> {
  if (values.length === 0) return [];
  return inOrderOf(
    values.map((value) => value.id),
    await tradeRows.insert(tx, values),
    'a trade',
  );
}

/** Built once (docs/decisions/041): the trades' columns. */
const TRADES_TO_LOCK = sql.raw(`select ${tradeRows.columns('t')} from trades t`);

/** Trades locked FOR UPDATE in id order, only those `ownerId` owns when it is given. */
async function lockTradeRows(tx: Db, ids: readonly string[], ownerId: string | null): Promise<TradeRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const raw = await selectRows<Record<string, unknown>>(
    tx,
    sql`${TRADES_TO_LOCK} where ${among(sql`t.id`, valid, 'uuid')}
         and (${ownerId}::text is null or t.user_id = ${ownerId}::text) order by t.id for update`,
  );
  return raw.map((row) => tradeRows.read(row));
}

/**
 * A trade locked FOR UPDATE, optionally only if `ownerId` owns it: two closes at once take turns
 * on the lock, and the second sees the first one's close.
 */
export async function lockTrade(tx: Db, id: string, ownerId?: string): Promise<TradeRow | undefined> {
  const [row] = await lockTradeRows(tx, [id], ownerId ?? null);
  return row;
}

/** Closes a trade that is still open; answers the closed row. */
export async function closeTradeRow(
  tx: Db,
  id: string,
  close: Pick<
    TradeRow,
    | 'closePrice'
    | 'closeMidPrice'
    | 'closedAt'
    | 'resultMinor'
    | 'closedBy'
    | 'closedByUserId'
    | 'closeReason'
  >,
): Promise<TradeRow> {
  const [row] = await tx
    .update(trades)
    .set({ status: 'closed', ...close })
    .where(and(eq(trades.id, id), eq(trades.status, 'open')))
    .returning();
  if (!row) throw new Error('the locked open trade was not closed');
  return row;
}

/** Trades locked FOR UPDATE in id order (a batch of closes, or of copies closing together). */
export function lockTrades(tx: Db, ids: readonly string[]): Promise<TradeRow[]> {
  return lockTradeRows(tx, ids, null);
}

type ClosedFields = Parameters<typeof closeTradeRow>[2];

/**
 * Closes trades that are still open (locked by this transaction), in one statement. Answers the
 * closed rows in the order given (each locked row with its closing fields as stored, the prices as
 * PostgreSQL wrote them: the rows are not read again) and which of them have copies of their own
 * (a provider's trades, whose followers' copies close with them).
 *
 * Whether a trade has copies is its first copy in the order of `trades_copy_idx`, looked up per row.
 * As `exists (…)` PostgreSQL took the look-up to stop at the first row found: once its statistics
 * showed a provider's trade copied by thousands of followers, it expected thousands of copies of
 * every trade and scanned the whole table for each row closed, the copies themselves included
 * (closing 500 copies of a trade copied 10,000 times: 1.4 s). In index order it reads the index.
 */
export async function closeTradeRows(
  tx: Db,
  closes: ReadonlyArray<{ row: TradeRow; fields: ClosedFields }>,
): Promise<{ rows: TradeRow[]; copied: string[] }> {
  if (closes.length === 0) return { rows: [], copied: [] };
  const values = sql.join(
    closes.map(
      ({ row, fields: c }) =>
        sql`(${row.id}::uuid, ${c.closePrice}::numeric, ${c.closeMidPrice}::numeric, ${c.closedAt?.toISOString() ?? null}::timestamptz, ${c.resultMinor?.toString() ?? null}::bigint, ${c.closedBy}::text, ${c.closedByUserId}::text, ${c.closeReason}::text)`,
    ),
    sql`, `,
  );
  const stored = await selectRows<{
    id: string;
    close_price: string | null;
    close_mid_price: string | null;
    copied: boolean;
  }>(
    tx,
    sql`update trades t
           set status = 'closed', close_price = v.close_price, close_mid_price = v.close_mid_price,
               closed_at = v.closed_at, result_minor = v.result_minor, closed_by = v.closed_by,
               closed_by_user_id = v.closed_by_user_id, close_reason = v.close_reason
          from (values ${values}) as v(id, close_price, close_mid_price, closed_at, result_minor, closed_by,
                                       closed_by_user_id, close_reason)
         where t.id = v.id and t.status = 'open'
        returning t.id::text as id, t.close_price::text as close_price,
                  t.close_mid_price::text as close_mid_price,
                  (select c.copied_from_trade_id from trades c where c.copied_from_trade_id = t.id
                    order by c.copied_from_trade_id, c.copy_relation_id limit 1) is not null as copied`,
  );
  if (stored.length !== closes.length) throw new Error('a locked open trade was not closed');
  const byId = new Map(stored.map((row) => [row.id, row]));
  const rows = closes.map(({ row, fields }): TradeRow => {
    const closed = byId.get(row.id);
    if (!closed) throw new Error(`trade ${row.id} was not closed`);
    return {
      ...row,
      ...fields,
      status: 'closed',
      closePrice: closed.close_price,
      closeMidPrice: closed.close_mid_price,
    };
  });
  return { rows, copied: rows.flatMap((row) => (byId.get(row.id)?.copied ? [row.id] : [])) };
}

/** A customer's open or closed trades, newest first: closed ones by close time, open ones by open time. */
export function selectOwnTradePage(
  db: Db,
  query: { userId: string; status: 'open' | 'closed'; page: number; pageSize: number },
): Promise<Page<TradeRow>> {
  // A desk trade is the customer's only once they accepted it (a proposal is listed on its own page).
  const where = and(
    eq(trades.userId, query.userId),
    eq(trades.status, query.status),
    or(eq(trades.bookedByDesk, false), eq(trades.deskStatus, 'accepted')),
  );
  const order = query.status === 'closed' ? desc(trades.closedAt) : desc(trades.openedAt);
  return readPage(query, {
    total: () => countRows(db, trades, where),
    rows: (limit, offset) =>
      db.select().from(trades).where(where).orderBy(order, desc(trades.id)).limit(limit).offset(offset),
  });
}

/** Above this many trades, the unfiltered list's total is PostgreSQL's estimate, not a count. */
export const ESTIMATE_TRADES_ABOVE = 100_000;
/** A filtered list counts its matches up to this many (10 a page: a thousand pages). */
export const TRADE_COUNT_CAP = 10_000;

/**
 * Every trade with its customer, newest first, filtered by the start of the customer's e-mail
 * (through the users' e-mail prefix index), customer and status.
 *
 * At millions of trades neither the count nor a deep page may read every row: the unfiltered total
 * is the planner's estimate once it passes ESTIMATE_TRADES_ABOVE (exact below), a filtered total is
 * counted up to TRADE_COUNT_CAP, and a page in the second half of the list is read from the end in
 * the opposite order, so the last page costs what the first does.
 */
export async function selectTradePage(
  db: Db,
  query: {
    search?: string | undefined;
    userId?: string | undefined;
    status?: 'open' | 'closed' | undefined;
    origin?: 'desk' | undefined;
    page: number;
    pageSize: number;
  },
): Promise<Page<TradeWithCustomer>> {
  const where: SQL | undefined = and(
    customerEmailStartsWith(trades.userId, query.search),
    query.userId ? eq(trades.userId, query.userId) : undefined,
    query.status ? eq(trades.status, query.status) : undefined,
    query.origin === 'desk' ? eq(trades.bookedByDesk, true) : undefined,
  );
  const total = where ? await countTradesUpTo(db, where, TRADE_COUNT_CAP) : await estimateAllTrades(db);
  // A capped count does not say where the list ends: such a list is only read from its start.
  const capped = where !== undefined && total >= TRADE_COUNT_CAP;
  const window = pageWindow(query, total, { fromEnd: !capped });
  const rows = window
    ? await db
        .select({ trade: trades, customer: { email: users.email, name: users.name } })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.userId))
        .where(where)
        .orderBy(
          ...(window.reversed
            ? [asc(trades.openedAt), asc(trades.id)]
            : [desc(trades.openedAt), desc(trades.id)]),
        )
        .limit(window.limit)
        .offset(window.offset)
    : [];
  const items = window?.reversed ? rows.reverse() : rows;
  return { items, page: query.page, pageCount: pageCount(total, query.pageSize), total };
}

/** How many trades match, counted up to `cap` (a broad search stays fast). */
async function countTradesUpTo(db: Db, where: SQL, cap: number): Promise<number> {
  const [row] = await selectRows<{ total: string }>(
    db,
    sql`select count(*)::text as total from (select 1 from ${trades} where ${where} limit ${cap}) as matches`,
  );
  return Number(row?.total ?? 0);
}

/**
 * The number of trades: PostgreSQL's estimate (pg_class.reltuples, kept by autovacuum and ANALYZE)
 * when it is large, an exact count when the table is small or not analysed yet.
 */
export async function estimateAllTrades(db: Db, above = ESTIMATE_TRADES_ABOVE): Promise<number> {
  const [row] = await selectRows<{ estimate: string }>(
    db,
    sql`select reltuples::bigint::text as estimate from pg_class where oid = 'trades'::regclass`,
  );
  const estimate = Number(row?.estimate ?? -1);
  if (estimate > above) return estimate;
  return countRows(db, trades, undefined);
}

export async function findTradeWithCustomer(db: Db, id: string): Promise<TradeWithCustomer | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ trade: trades, customer: { email: users.email, name: users.name } })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .where(eq(trades.id, id));
  return row;
}

/** The lowest and highest fresh price of a symbol in a batch of ticks (each one a tick's price). */
export type PriceRange = { symbol: string; low: string; high: string };

/**
 * ONE query for a batch of ticks (mid prices): the open trades whose stop-out pre-filter price the
 * batch crossed (stored as a mid: where the trade's executable close price reaches its stop-out) (a BUY at or below its stop-out price at the batch's lowest price, a SELL at or above it
 * at the highest), through the partial index trades_open_stop_out_idx (symbol, direction,
 * stop_out_price) where status = 'open'. Each answer carries the tick price to check and close it at.
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

// ---------- desk trades (proposals the customer accepts) ----------

/**
 * Marks every proposal whose expiry has come as expired (at its expiry time), optionally only one
 * customer's; answers how many. A proposal being accepted at this moment holds its row lock: this
 * update waits for it and then no longer matches. Runs before desk trades are read and on a timer.
 */
export async function expireDueDeskTrades(db: Db, now: Date, userId?: string): Promise<number> {
  const expired = await db
    .update(trades)
    .set({ deskStatus: 'expired', deskDecidedAt: trades.deskExpiresAt })
    .where(
      and(
        eq(trades.deskStatus, 'proposed'),
        lte(trades.deskExpiresAt, now),
        userId ? eq(trades.userId, userId) : undefined,
      ),
    )
    .returning({ id: trades.id });
  return expired.length;
}

/**
 * The results (cents, signed) of the customer's desk trades booked after `since` that count towards
 * four-eyes (COUNTED_DESK_TRADE_STATUSES: proposed or accepted; docs/decisions/054). A trade proposed
 * after a second approval counts from that approval (its row's time). Reads trades_desk_booked_idx.
 */
export async function selectDeskResultsSince(db: Db, userId: string, since: Date): Promise<bigint[]> {
  const rows = await db
    .select({ resultMinor: trades.resultMinor })
    .from(trades)
    .where(
      and(
        eq(trades.userId, userId),
        // Written as the index's own predicate (not `= $1`), so the planner matches the partial index.
        sql`${trades.bookedByDesk}`,
        gt(trades.createdAt, since),
        among(trades.deskStatus, COUNTED_DESK_TRADE_STATUSES),
      ),
    );
  return rows.flatMap((row) => (row.resultMinor === null ? [] : [row.resultMinor]));
}

/** A customer's desk trades: awaiting ones first (soonest expiry first), then the decided, newest first. */
export function selectOwnDeskTradePage(
  db: Db,
  query: { userId: string; page: number; pageSize: number },
): Promise<Page<TradeRow>> {
  const where = and(
    eq(trades.userId, query.userId),
    eq(trades.bookedByDesk, true),
    isNotNull(trades.deskStatus),
  );
  return readPage(query, {
    total: () => countRows(db, trades, where),
    rows: (limit, offset) =>
      db
        .select()
        .from(trades)
        .where(where)
        .orderBy(
          sql`(${trades.deskStatus} = 'proposed') desc`,
          sql`case when ${trades.deskStatus} = 'proposed' then ${trades.deskExpiresAt} end asc`,
          desc(trades.createdAt),
          desc(trades.id),
        )
        .limit(limit)
        .offset(offset),
  });
}

/** How many desk trades await the customer's acceptance (not yet expired at `now`). */
export async function countAwaitingDeskTrades(db: Db, userId: string, now: Date): Promise<number> {
  return countRows(
    db,
    trades,
    and(
      eq(trades.userId, userId),
      eq(trades.deskStatus, 'proposed'),
      sql`${trades.deskExpiresAt} > ${now.toISOString()}`,
    ),
  );
}

/** Records a proposal's decision; answers the updated row. */
export async function decideDeskTradeRow(
  tx: Db,
  id: string,
  decision: Pick<TradeRow, 'deskStatus' | 'deskDecidedAt' | 'deskEntryId'>,
): Promise<TradeRow> {
  const [row] = await tx
    .update(trades)
    .set(decision)
    .where(and(eq(trades.id, id), eq(trades.deskStatus, 'proposed')))
    .returning();
  if (!row) throw new Error('the locked proposal was not decided');
  return row;
}
