import {
  type Balances,
  STATEMENT_PAGE_SIZE,
  type StatementEntry,
  type StatementPage,
} from '@candor/contracts/ledger';
import { ENTRY_KINDS, type EntryKind } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { pageCount } from '../../lib/page-count.ts';

function big(text: string | null | undefined): bigint {
  return text === null || text === undefined ? 0n : BigInt(text);
}

/** A customer's balances: cached cash and reserved balances; deposits and trading results summed from the ledger. */
export async function readBalances(db: Db, userId: string): Promise<Balances> {
  const [row] = await selectRows<{
    available: string | null;
    reserved: string | null;
    deposits: string | null;
    profit: string | null;
  }>(
    db,
    sql`
      select
        (select balance_minor::text from ledger_accounts where user_id = ${userId} and kind = 'customer_cash') as available,
        (select balance_minor::text from ledger_accounts where user_id = ${userId} and kind = 'customer_reserved') as reserved,
        (select sum(p.amount_minor)::text
           from postings p
           join ledger_accounts a on a.id = p.account_id
           join journal_entries e on e.id = p.entry_id
          where a.user_id = ${userId} and a.kind = 'customer_cash' and e.kind = 'deposit') as deposits,
        (select sum(p.amount_minor)::text
           from postings p
           join ledger_accounts a on a.id = p.account_id
           join journal_entries e on e.id = p.entry_id
          where a.user_id = ${userId} and a.kind = 'customer_cash' and e.kind = 'trade_result') as profit`,
  );
  const available = big(row?.available);
  const reserved = big(row?.reserved);
  return {
    available: formatDecimal(available),
    reserved: formatDecimal(reserved),
    total: formatDecimal(available + reserved),
    deposits: formatDecimal(big(row?.deposits)),
    profit: formatDecimal(big(row?.profit)),
  };
}

type StatementRow = {
  id: string;
  kind: string;
  description: string;
  created_at: Date | string;
  available_change: string | null;
  reserved_change: string | null;
  available_after: string | null;
  reserved_after: string | null;
};

function toEntryKind(kind: string): EntryKind {
  const known = ENTRY_KINDS.find((candidate) => candidate === kind);
  if (!known) throw new Error(`unknown entry kind ${kind}`);
  return known;
}

/**
 * The customer's ledger entries, newest first: for each, the change to available cash and to
 * reserved funds, and both balances right after it (from the running balances stored on the
 * postings; an entry that did not touch one account shows that account's last balance before it).
 */
export async function readStatement(
  db: Db,
  userId: string,
  page: number,
  pageSize = STATEMENT_PAGE_SIZE,
): Promise<StatementPage> {
  const [count] = await selectRows<{ total: string }>(
    db,
    sql`select count(distinct p.entry_id)::text as total
          from postings p join ledger_accounts a on a.id = p.account_id
         where a.user_id = ${userId}`,
  );
  const total = Number(count?.total ?? 0);
  const offset = (page - 1) * pageSize;
  const rows = await selectRows<StatementRow>(
    db,
    sql`
      with accounts as (
        select id, kind from ledger_accounts where user_id = ${userId}
      ), legs as (
        select p.entry_id,
               sum(p.amount_minor) filter (where a.kind = 'customer_cash') as cash,
               max(p.balance_after_minor) filter (where a.kind = 'customer_cash') as cash_after,
               sum(p.amount_minor) filter (where a.kind = 'customer_reserved') as reserved,
               max(p.balance_after_minor) filter (where a.kind = 'customer_reserved') as reserved_after
          from postings p join accounts a on a.id = p.account_id
         group by p.entry_id
         order by p.entry_id desc
         limit ${pageSize} offset ${offset}
      )
      select e.id::text as id, e.kind, e.description, e.created_at,
             legs.cash::text as available_change,
             legs.reserved::text as reserved_change,
             coalesce(legs.cash_after, (
               select p2.balance_after_minor from postings p2
                where p2.account_id = (select id from accounts where kind = 'customer_cash')
                  and p2.entry_id < legs.entry_id
                order by p2.entry_id desc limit 1))::text as available_after,
             coalesce(legs.reserved_after, (
               select p2.balance_after_minor from postings p2
                where p2.account_id = (select id from accounts where kind = 'customer_reserved')
                  and p2.entry_id < legs.entry_id
                order by p2.entry_id desc limit 1))::text as reserved_after
        from legs join journal_entries e on e.id = legs.entry_id
       order by e.id desc`,
  );
  const items: StatementEntry[] = rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    kind: toEntryKind(row.kind),
    description: row.description,
    availableChange: row.available_change === null ? null : formatDecimal(BigInt(row.available_change)),
    reservedChange: row.reserved_change === null ? null : formatDecimal(BigInt(row.reserved_change)),
    availableAfter: formatDecimal(big(row.available_after)),
    reservedAfter: formatDecimal(big(row.reserved_after)),
  }));
  return { items, page, pageCount: pageCount(total, pageSize), total };
}
