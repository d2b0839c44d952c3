import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trades } from '../../db/schema/trades.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { TradeRow } from '../trades/trades.repository.ts';

/** One journal entry that moved a provider's cash or reserved funds, with both balances after it. */
export type EquityMovement = {
  entryId: bigint;
  kind: string;
  at: Date;
  /** The entry's net change of cash + reserved (0 for a move between them). */
  netMinor: bigint;
  /** Cash and reserved after the entry; null for the account the entry did not touch. */
  cashAfterMinor: bigint | null;
  reservedAfterMinor: bigint | null;
};

/**
 * Every entry that touched the user's `customer_cash` or `customer_reserved`, oldest first, one
 * row per entry (one query; the postings' balance_after gives the balances).
 */
export async function selectEquityMovements(db: Db, userId: string): Promise<EquityMovement[]> {
  const rows = await selectRows<{
    entry_id: string;
    kind: string;
    created_at: Date | string;
    net: string;
    cash_after: string | null;
    reserved_after: string | null;
  }>(
    db,
    sql`select e.id::text as entry_id, e.kind, e.created_at,
               sum(p.amount_minor)::text as net,
               max(p.balance_after_minor) filter (where a.kind = 'customer_cash')::text as cash_after,
               max(p.balance_after_minor) filter (where a.kind = 'customer_reserved')::text as reserved_after
          from postings p
          join ledger_accounts a on a.id = p.account_id
          join journal_entries e on e.id = p.entry_id
         where a.user_id = ${userId} and a.kind in ('customer_cash', 'customer_reserved')
         group by e.id, e.kind, e.created_at
         order by e.id`,
  );
  return rows.map((row) => ({
    entryId: BigInt(row.entry_id),
    kind: row.kind,
    at: new Date(row.created_at),
    netMinor: BigInt(row.net),
    cashAfterMinor: row.cash_after === null ? null : BigInt(row.cash_after),
    reservedAfterMinor: row.reserved_after === null ? null : BigInt(row.reserved_after),
  }));
}

/**
 * The user's trades that count: open ones and closed ones whose result reached the ledger (a desk
 * proposal counts only once accepted).
 */
export function selectCountedTrades(db: Db, userId: string): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, userId), or(isNull(trades.deskStatus), eq(trades.deskStatus, 'accepted'))))
    .orderBy(asc(trades.openedAt));
}
