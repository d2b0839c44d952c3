import { formatDecimal } from '@candor/domain/money/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';

export type ReconcileReport = { accounts: number; entries: number; problems: string[] };

function money(text: string | null): string {
  return formatDecimal(BigInt(text ?? '0'));
}

function accountName(row: { kind: string; email: string | null; user_id: string | null }): string {
  return row.user_id ? `${row.kind} of ${row.email ?? 'an unknown user'} (user ${row.user_id})` : row.kind;
}

/**
 * Recomputes the ledger from its postings and lists everything that does not add up: entries
 * that do not sum to zero or have fewer than two postings, customer accounts whose cached balance
 * differs from the sum of their postings, running balances that do not chain, negative customer
 * balances, platform accounts with a cached balance (they must have none), and rows that name an
 * entry which is not theirs. Read-only.
 */
export async function reconcileLedger(db: Db): Promise<ReconcileReport> {
  const problems: string[] = [];
  const [counts] = await selectRows<{ accounts: string; entries: string }>(
    db,
    sql`select (select count(*) from ledger_accounts)::text as accounts,
               (select count(*) from journal_entries)::text as entries`,
  );

  for (const row of await selectRows<{ id: string; kind: string; postings: string; total: string | null }>(
    db,
    sql`select e.id::text, e.kind, count(p.id)::text as postings, sum(p.amount_minor)::text as total
          from journal_entries e left join postings p on p.entry_id = e.id
         group by e.id, e.kind
        having count(p.id) < 2 or coalesce(sum(p.amount_minor), 0) <> 0
         order by e.id`,
  )) {
    problems.push(
      `entry ${row.id} (${row.kind}) is unbalanced: ${row.postings} postings summing to ${money(row.total)}`,
    );
  }

  type AccountRow = {
    kind: string;
    user_id: string | null;
    email: string | null;
    cached: string;
    summed: string;
  };
  for (const row of await selectRows<AccountRow>(
    db,
    sql`select a.kind, a.user_id, u.email, a.balance_minor::text as cached,
               coalesce((select sum(p.amount_minor) from postings p where p.account_id = a.id), 0)::text as summed
          from ledger_accounts a left join users u on u.id = a.user_id
         where a.kind like 'customer%'
           and a.balance_minor <> coalesce((select sum(p.amount_minor) from postings p where p.account_id = a.id), 0)
         order by a.id`,
  )) {
    problems.push(
      `${accountName(row)}: cached balance ${money(row.cached)}, postings sum to ${money(row.summed)}`,
    );
  }

  for (const row of await selectRows<AccountRow>(
    db,
    sql`select a.kind, a.user_id, u.email, a.balance_minor::text as cached, '0' as summed
          from ledger_accounts a left join users u on u.id = a.user_id
         where (a.kind like 'customer%' and a.kind <> 'customer_loan' and a.balance_minor < 0)
            or (a.kind = 'customer_loan' and a.balance_minor > 0)
         order by a.id`,
  )) {
    problems.push(
      `${accountName(row)}: ${row.kind === 'customer_loan' ? 'positive' : 'negative'} balance ${money(row.cached)}`,
    );
  }

  for (const row of await selectRows<AccountRow>(
    db,
    sql`select a.kind, a.user_id, null as email, a.balance_minor::text as cached, '0' as summed
          from ledger_accounts a
         where a.kind like 'platform%' and a.balance_minor <> 0`,
  )) {
    problems.push(
      `${accountName(row)}: has a cached balance ${money(row.cached)}; platform balances are never cached`,
    );
  }

  type ChainRow = {
    kind: string;
    user_id: string | null;
    email: string | null;
    entry_id: string;
    stored: string | null;
    running: string;
  };
  for (const row of await selectRows<ChainRow>(
    db,
    sql`select a.kind, a.user_id, u.email, c.entry_id::text, c.stored::text, c.running::text
          from (
            select p.account_id, p.entry_id, p.balance_after_minor as stored,
                   sum(p.amount_minor) over (partition by p.account_id order by p.entry_id, p.id) as running
              from postings p join ledger_accounts a2 on a2.id = p.account_id
             where a2.kind like 'customer%'
          ) c
          join ledger_accounts a on a.id = c.account_id
          left join users u on u.id = a.user_id
         where c.stored is distinct from c.running
            or (a.kind <> 'customer_loan' and c.running < 0)
            or (a.kind = 'customer_loan' and c.running > 0)
         order by a.id, c.entry_id
         limit 100`,
  )) {
    problems.push(
      `${accountName(row)}: entry ${row.entry_id} records a balance after of ${row.stored === null ? 'nothing' : money(row.stored)}, the postings give ${money(row.running)}`,
    );
  }

  for (const row of await selectRows<{ what: string; id: string; entry_id: string }>(db, MISNAMED_ENTRIES)) {
    problems.push(`${row.what} ${row.id} names entry ${row.entry_id}, which is not its own`);
  }

  return { accounts: Number(counts?.accounts ?? 0), entries: Number(counts?.entries ?? 0), problems };
}

/**
 * Rows that name an entry which is not theirs: the entry a row names (a trade's margin, a deposit's
 * credit, …) must be of the row's kind and name the row in its reference. Batches reserve entry ids
 * ahead and write the rows in the posting's own round trip (docs/decisions/041, "Entry ids
 * reserved"); a row given the id at the wrong place would still satisfy its foreign key.
 */
const MISNAMED_ENTRIES = sql.raw(
  [
    ['trade', 'trades', 'margin_entry_id', 'trade_margin', 'trade'],
    ['desk trade', 'trades', 'desk_entry_id', 'trade_result', 'trade'],
    ['deposit', 'deposits', 'entry_id', 'deposit', 'deposit'],
    ['withdrawal', 'withdrawals', 'reservation_entry_id', 'reservation', 'withdrawal'],
    ['plan purchase', 'plan_purchases', 'entry_id', 'plan_purchase', 'planPurchase'],
    ['plan purchase (credit)', 'plan_purchases', 'credit_entry_id', 'plan_credit', 'planPurchase'],
    ['loan', 'loans', 'payout_entry_id', 'loan_payout', 'loan'],
  ]
    .map(
      ([what, table, column, kind, key]) =>
        `select '${what}' as what, r.id::text as id, e.id::text as entry_id
           from ${table} r join journal_entries e on e.id = r.${column}
          where e.kind <> '${kind}' or (e.reference->>'${key}') is distinct from r.id::text`,
    )
    .join('\n union all\n'),
);
