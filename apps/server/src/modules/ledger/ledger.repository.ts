import {
  type AccountRef,
  accountKey,
  CUSTOMER_ACCOUNT_KINDS,
  isCustomerAccount,
  PLATFORM_ACCOUNT_KINDS,
} from '@candor/domain/ledger/accounts';
import { applyEntries } from '@candor/domain/ledger/balances';
import type { EntryDraft } from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { selectRows } from '../../db/select-rows.ts';
import { AppError } from '../../lib/app-error.ts';

/** Who caused a movement: a customer, an administrator, 'cli' or 'system'. */
export type LedgerActor = { id: string; role: string };

export type PostedEntry = { id: bigint; kind: string; createdAt: Date };

type LockedAccount = { id: bigint; kind: string; userId: string | null; balanceMinor: bigint };

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
    const rows = await selectRows<{
      id: string;
      kind: string;
      user_id: string | null;
      balance: string;
      ids: string[];
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
      select id::text as id, kind, user_id, balance_minor::text as balance, entry_ids.ids
        from locked, entry_ids
      union all
      select id::text, kind, user_id, balance_minor::text, entry_ids.ids
        from ledger_accounts, entry_ids where user_id is null`,
    );
    return {
      accounts: rows.map((row) => ({
        id: BigInt(row.id),
        kind: row.kind,
        userId: row.user_id,
        balanceMinor: BigInt(row.balance),
      })),
      entryIds: (rows[0]?.ids ?? []).map((id) => BigInt(id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    };
  };
  const first = await select();
  if (first.accounts.filter((row) => row.userId !== null).length === unique.length * 2) return first;
  await tx
    .insert(ledgerAccounts)
    .values(
      unique.flatMap((userId) => [
        { kind: 'customer_cash', userId },
        { kind: 'customer_reserved', userId },
      ]),
    )
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

/** The domain's reference to a stored account; throws on a kind the domain does not know. */
export function toAccountRef(row: { kind: string; userId: string | null }): AccountRef {
  const customer = CUSTOMER_ACCOUNT_KINDS.find((kind) => kind === row.kind);
  if (customer && row.userId) return { kind: customer, userId: row.userId };
  const platform = PLATFORM_ACCOUNT_KINDS.find((kind) => kind === row.kind);
  if (platform && !row.userId) return { kind: platform };
  throw new Error(`unknown ledger account kind ${row.kind}`);
}

function customerUserIds(drafts: readonly EntryDraft[]): string[] {
  return drafts.flatMap((draft) =>
    draft.postings.flatMap((posting) => (isCustomerAccount(posting.account) ? [posting.account.userId] : [])),
  );
}

/**
 * Posts journal entries inside the caller's transaction: locks the customers' accounts, checks
 * that no customer balance goes below zero (INSUFFICIENT_FUNDS otherwise, nothing written),
 * appends the entries and postings with each customer posting's balance after it, and moves the
 * cached customer balances by the same amounts (`balance = balance + delta`, under the lock).
 * Platform accounts are not locked and keep no cached balance (ledger notes, trap 3).
 */
export async function postEntries(
  tx: Db,
  drafts: readonly EntryDraft[],
  actor: LedgerActor,
): Promise<PostedEntry[]> {
  if (drafts.length === 0) return [];
  const { accounts, entryIds } = await lockAccountsForPosting(tx, customerUserIds(drafts), drafts.length);
  const idByKey = new Map<string, bigint>();
  const balances = new Map<string, bigint>();
  for (const row of accounts) {
    const key = accountKey(toAccountRef(row));
    idByKey.set(key, row.id);
    if (row.userId !== null) balances.set(key, row.balanceMinor);
  }

  const applied = applyEntries(balances, drafts);
  if (!applied.ok) throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance');
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
  const rows = await selectRows<{ id: string; kind: string; created_at: Date | string }>(
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
  return rows.map((row) => ({
    id: BigInt(row.id),
    kind: row.kind,
    createdAt: new Date(row.created_at),
  }));
}
