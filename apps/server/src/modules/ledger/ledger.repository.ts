import {
  type AccountKind,
  type AccountRef,
  accountKey,
  CUSTOMER_ACCOUNT_KINDS,
  isCustomerAccount,
  isCustomerAccountKind,
} from '@candor/domain/ledger/accounts';
import { applyEntries, type InsufficientFunds } from '@candor/domain/ledger/balances';
import type { EntryDraft, EntryKind } from '@candor/domain/ledger/entries';
import { err, ok, type Result } from '@candor/domain/result';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Page, readPage } from '../../db/page.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';

export type PostedEntry = { id: bigint; kind: EntryKind; createdAt: Date };

type LockedAccount = { id: bigint; kind: AccountKind; userId: string | null; balanceMinor: bigint };

/**
 * Locks the customers' accounts (cash and reserved), creating them on first use, and reads the
 * platform's accounts (unlocked) in the same statement. Locks are taken FOR NO KEY UPDATE
 * (postings reference accounts by foreign key; a plain FOR UPDATE would deadlock with them) and
 * in id order, so two movements never wait on each other in a circle.
 */
async function lockAccountsForPosting(
  tx: Db,
  userIds: readonly string[],
  newEntries = 0,
): Promise<{ accounts: LockedAccount[]; entryIds: bigint[] }> {
  const unique = [...new Set(userIds)];
  const select = async () => {
    const customers =
      unique.length === 0
        ? sql`false`
        : sql`user_id in (${sql.join(
            unique.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    // The new entry ids come in one row of their own (an array on every account's row would grow
    // with accounts × entries: a posting of many entries at once, such as a copy fan-out's batch).
    const rows = await selectRows<{
      id: string | null;
      kind: AccountKind | null;
      user_id: string | null;
      balance: string | null;
      ids: string[] | null;
    }>(
      tx,
      sql`
      with locked as (
        select id, kind, user_id, balance_minor from ledger_accounts
         where ${customers} order by id for no key update
      ), entry_ids as (
        select coalesce(array_agg(nextval('journal_entries_id_seq') order by g), '{}')::text[] as ids
          from generate_series(1, ${newEntries}::int) g
         -- after the locks: ids must grow in the order movements take an account (running balances chain by id)
         where (select count(*) from locked) >= 0
      )
      select id::text as id, kind, user_id, balance_minor::text as balance, null::text[] as ids from locked
      union all
      select id::text, kind, user_id, balance_minor::text, null from ledger_accounts where user_id is null
      union all
      select null, null, null, null, ids from entry_ids`,
    );
    const accounts: LockedAccount[] = [];
    let ids: string[] = [];
    for (const row of rows) {
      if (row.id === null || row.kind === null || row.balance === null) ids = row.ids ?? [];
      else
        accounts.push({
          id: BigInt(row.id),
          kind: row.kind,
          userId: row.user_id,
          balanceMinor: BigInt(row.balance),
        });
    }
    return {
      accounts,
      entryIds: ids.map((id) => BigInt(id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    };
  };
  const first = await select();
  if (
    first.accounts.filter((row) => row.userId !== null).length ===
    unique.length * CUSTOMER_ACCOUNT_KINDS.length
  ) {
    return first;
  }
  await tx
    .insert(ledgerAccounts)
    .values(unique.flatMap((userId) => CUSTOMER_ACCOUNT_KINDS.map((kind) => ({ kind, userId }))))
    .onConflictDoNothing();
  return select();
}

/**
 * Locks the customers' accounts as `postEntries` does, for a caller that must read a balance
 * under the lock before deciding what to post (a withdrawal request checks the available cash).
 */
export async function lockCustomerAccounts(tx: Db, userIds: readonly string[]): Promise<LockedAccount[]> {
  return (await lockAccountsForPosting(tx, userIds)).accounts.filter((row) => row.userId !== null);
}

/** The domain's reference to a stored account (a customer account always has its owner: a CHECK says so). */
function toAccountRef(row: LockedAccount): AccountRef {
  if (!isCustomerAccountKind(row.kind)) return { kind: row.kind };
  if (row.userId === null) throw new Error(`customer account ${row.id} has no owner`);
  return { kind: row.kind, userId: row.userId };
}

function customerUserIds(drafts: readonly EntryDraft[]): string[] {
  return drafts.flatMap((draft) =>
    draft.postings.flatMap((posting) => (isCustomerAccount(posting.account) ? [posting.account.userId] : [])),
  );
}

/**
 * Posts journal entries inside the caller's transaction: locks the customers' accounts, checks
 * that no customer balance goes below zero (an INSUFFICIENT_FUNDS result otherwise, nothing written),
 * appends the entries and postings with each customer posting's balance after it, and moves the
 * cached customer balances by the same amounts (`balance = balance + delta`, under the lock).
 * Platform accounts are not locked and keep no cached balance (ledger notes, trap 3).
 */
export async function postEntries(
  tx: Db,
  drafts: readonly EntryDraft[],
  actor: Actor,
): Promise<Result<PostedEntry[], InsufficientFunds>> {
  if (drafts.length === 0) return ok([]);
  const { accounts, entryIds } = await lockAccountsForPosting(tx, customerUserIds(drafts), drafts.length);
  const idByKey = new Map<string, bigint>();
  const balances = new Map<string, bigint>();
  for (const row of accounts) {
    const key = accountKey(toAccountRef(row));
    idByKey.set(key, row.id);
    if (row.userId !== null) balances.set(key, row.balanceMinor);
  }

  const applied = applyEntries(balances, drafts);
  if (!applied.ok) return err(applied.error);
  if (entryIds.length !== drafts.length) throw new Error('entry ids were not allocated');

  const deltas = new Map<bigint, bigint>();
  const legs = applied.value.legs.map((leg) => {
    const key = accountKey(leg.account);
    const accountId = idByKey.get(key);
    const entryId = entryIds[leg.entryIndex];
    if (accountId === undefined || entryId === undefined) throw new Error(`no ledger account ${key}`);
    const customer = isCustomerAccount(leg.account);
    if (customer) deltas.set(accountId, (deltas.get(accountId) ?? 0n) + leg.amount);
    return sql`(${entryId.toString()}::bigint, ${accountId.toString()}::bigint, ${leg.amount.toString()}::bigint, ${
      customer ? leg.balanceAfter.toString() : null
    }::bigint)`;
  });
  const entries = drafts.map(
    (draft, index) =>
      sql`(${entryIds[index]?.toString()}::bigint, ${draft.kind}, ${draft.description}, ${draft.userId}, ${actor.id}, ${
        actor.role
      }, ${draft.reference ? JSON.stringify(draft.reference) : null}::jsonb)`,
  );
  const changed = [...deltas].filter(([, delta]) => delta !== 0n);
  const balanceUpdate =
    changed.length === 0
      ? sql``
      : sql`, balances as (
          update ledger_accounts a set balance_minor = a.balance_minor + d.delta
            from (values ${sql.join(
              changed.map(([id, delta]) => sql`(${id.toString()}::bigint, ${delta.toString()}::bigint)`),
              sql`, `,
            )}) as d(id, delta)
           where a.id = d.id
        )`;
  // One statement appends the entries and their postings and moves the cached balances.
  const rows = await selectRows<{ id: string; kind: EntryKind; created_at: Date | string }>(
    tx,
    sql`
    with entries as (
      insert into journal_entries (id, kind, description, user_id, actor_id, actor_role, reference)
      values ${sql.join(entries, sql`, `)}
      returning id, kind, created_at
    ), legs as (
      insert into postings (entry_id, account_id, amount_minor, balance_after_minor)
      select entry_id, account_id, amount, after
        from (values ${sql.join(legs, sql`, `)}) as v(entry_id, account_id, amount, after)
    )${balanceUpdate}
    select id::text as id, kind, created_at from entries order by id`,
  );
  return ok(
    rows.map((row) => ({
      id: BigInt(row.id),
      kind: row.kind,
      createdAt: new Date(row.created_at),
    })),
  );
}

/**
 * The entries of a movement that cannot leave a customer below zero (a credit, or money already
 * reserved): an INSUFFICIENT_FUNDS there is a broken invariant, not an expected outcome.
 */
export function expectPosted(result: Result<PostedEntry[], InsufficientFunds>): PostedEntry[] {
  if (!result.ok) throw new Error(`a movement that cannot overdraw did: ${result.error.accountKey}`);
  return result.value;
}

function big(text: string | null | undefined): bigint {
  return text === null || text === undefined ? 0n : BigInt(text);
}

/** A customer's figures in cents: cached cash and reserved balances, what they owe on a loan, and the sums of their deposits and trade results. */
export async function selectBalanceFigures(
  db: Db,
  userId: string,
): Promise<{ available: bigint; reserved: bigint; owed: bigint; deposits: bigint; profit: bigint }> {
  const [row] = await selectRows<{
    available: string | null;
    reserved: string | null;
    loan: string | null;
    deposits: string | null;
    profit: string | null;
  }>(
    db,
    sql`
      select
        (select balance_minor::text from ledger_accounts where user_id = ${userId} and kind = 'customer_cash') as available,
        (select balance_minor::text from ledger_accounts where user_id = ${userId} and kind = 'customer_reserved') as reserved,
        (select balance_minor::text from ledger_accounts where user_id = ${userId} and kind = 'customer_loan') as loan,
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
  return {
    available: big(row?.available),
    reserved: big(row?.reserved),
    owed: -big(row?.loan),
    deposits: big(row?.deposits),
    profit: big(row?.profit),
  };
}

/** One line of a customer's statement, in cents. */
export type StatementLine = {
  id: string;
  kind: EntryKind;
  description: string;
  createdAt: Date;
  availableChange: bigint | null;
  reservedChange: bigint | null;
  availableAfter: bigint;
  reservedAfter: bigint;
  /** The strategy provider's display name when the entry is of the account's own copied trade. */
  copiedFromProvider: string | null;
};

type StatementRow = {
  id: string;
  kind: EntryKind;
  description: string;
  created_at: Date | string;
  available_change: string | null;
  reserved_change: string | null;
  available_after: string | null;
  reserved_after: string | null;
  copied_from_provider: string | null;
};

/**
 * The customer's ledger entries, newest first: for each, the change to available cash and to
 * reserved funds, and both balances right after it (from the running balances stored on the
 * postings; an entry that did not touch one account shows that account's last balance before it),
 * and the strategy provider of the account's own copied trade the entry is of (a copy's margin,
 * result or profit share; a provider's profit share received is of the follower's trade, not marked).
 */
export function selectStatementPage(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<StatementLine>> {
  return readPage(paging, {
    total: async () => {
      const [count] = await selectRows<{ total: string }>(
        db,
        sql`select count(distinct p.entry_id)::text as total
              from postings p join ledger_accounts a on a.id = p.account_id
             where a.user_id = ${userId}`,
      );
      return Number(count?.total ?? 0);
    },
    rows: async (limit, offset) => {
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
             limit ${limit} offset ${offset}
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
                    order by p2.entry_id desc limit 1))::text as reserved_after,
                 sp.display_name as copied_from_provider
            from legs join journal_entries e on e.id = legs.entry_id
            left join trades t
              on t.id = (e.reference->>'trade')::uuid
             and t.user_id = ${userId} and t.copy_relation_id is not null
            left join copy_relations r on r.id = t.copy_relation_id
            left join strategy_providers sp on sp.id = r.provider_id
           order by e.id desc`,
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        description: row.description,
        createdAt: new Date(row.created_at),
        availableChange: row.available_change === null ? null : BigInt(row.available_change),
        reservedChange: row.reserved_change === null ? null : BigInt(row.reserved_change),
        availableAfter: big(row.available_after),
        reservedAfter: big(row.reserved_after),
        copiedFromProvider: row.copied_from_provider,
      }));
    },
  });
}
