import {
  type AccountKind,
  accountKey,
  CUSTOMER_ACCOUNT_KINDS,
  isCustomerAccount,
  isCustomerAccountKind,
} from '@candor/domain/ledger/accounts';
import type { InsufficientFunds } from '@candor/domain/ledger/balances';
import {
  assertBalancedEntry,
  type EntryDraft,
  type EntryKind,
  type ProfitShareFigures,
  readProfitShareFigures,
} from '@candor/domain/ledger/entries';
import { err, ok, type Result } from '@candor/domain/result';
import { type SQL, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { type Page, readPage } from '../../db/page.ts';
import { journalEntries, ledgerAccounts } from '../../db/schema/ledger.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';

export type PostedEntry = { id: bigint; kind: EntryKind; createdAt: Date };

export type LockedAccount = { id: bigint; kind: AccountKind; userId: string | null; balanceMinor: bigint };

/** Accounts of any of these customers: one JSON parameter, so the statement's text never varies. */
function ownedByAny(userIds: readonly string[]) {
  return among(sql`user_id`, userIds);
}

/** Creates the customers' accounts that do not exist yet (a customer's first movement of a kind). */
async function createCustomerAccounts(tx: Db, userIds: readonly string[]): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(userIds.flatMap((userId) => CUSTOMER_ACCOUNT_KINDS.map((kind) => ({ kind, userId }))))
    .onConflictDoNothing();
}

/**
 * Locks the customers' accounts (cash, reserved and loan), creating them on first use, for a
 * caller that must read a balance under the lock before deciding what to post (a withdrawal
 * request checks the available cash). Locks are taken FOR NO KEY UPDATE (postings reference
 * accounts by foreign key; a plain FOR UPDATE would deadlock with them) and in id order, so two
 * movements never wait on each other in a circle. `postEntries` takes the same locks itself.
 */
export async function lockCustomerAccounts(tx: Db, userIds: readonly string[]): Promise<LockedAccount[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  return completeCustomerAccounts(tx, await lockAccountsWhere(tx, ownedByAny(unique)), unique);
}

/**
 * Locks the accounts of the customers `owners` selects (a subquery's `user_id`s, e.g. of the
 * deposits being approved), as `lockCustomerAccounts` does, for a caller that sends it right behind
 * the lock of those rows: PostgreSQL runs it once they are locked, and both leave in one round trip
 * (docs/decisions/041, "Entry ids reserved"). Answers the accounts that exist: pass them to
 * `completeCustomerAccounts` once the owners are known.
 */
export function lockCustomerAccountsWhere(tx: Db, owners: SQL): Promise<LockedAccount[]> {
  return lockAccountsWhere(tx, sql`user_id in (${owners})`);
}

/**
 * The accounts of `userIds` locked by `lockCustomerAccountsWhere`, with those that did not exist yet
 * created and locked (a customer's first movement of a kind): every customer then has all three.
 */
export async function completeCustomerAccounts(
  tx: Db,
  locked: LockedAccount[],
  userIds: readonly string[],
): Promise<LockedAccount[]> {
  const unique = [...new Set(userIds)];
  if (locked.length === unique.length * CUSTOMER_ACCOUNT_KINDS.length) return locked;
  await createCustomerAccounts(tx, unique);
  return lockAccountsWhere(tx, ownedByAny(unique));
}

async function lockAccountsWhere(tx: Db, where: SQL): Promise<LockedAccount[]> {
  const rows = await selectRows<{ id: string; kind: AccountKind; user_id: string; balance: string }>(
    tx,
    sql`select id::text as id, kind, user_id, balance_minor::text as balance from ledger_accounts
         where ${where}
         order by id for no key update`,
  );
  return rows.map((row) => ({
    id: BigInt(row.id),
    kind: row.kind,
    userId: row.user_id,
    balanceMinor: BigInt(row.balance),
  }));
}

/**
 * `count` entry ids taken from the journal's sequence ahead of a posting, in increasing order, for
 * `postEntries`' `entryIds`: rows that name their entry (a trade's margin, a deposit's credit) can
 * then be sent in the posting's own round trip, behind it, instead of after its answer
 * (docs/decisions/041, "Entry ids reserved"). Send it after the lock of the accounts the posting
 * will move: the ids then grow in the order movements take an account, as when the posting takes
 * them itself, so running balances still chain by id. An id left unused is a gap in the sequence,
 * as a rolled-back posting leaves.
 */
export async function reserveEntryIds(tx: Db, count: number): Promise<bigint[]> {
  if (count === 0) return [];
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select id::text as id
          from (select nextval('journal_entries_id_seq') as id from generate_series(1, ${count}::int)) ids
         order by ids.id`,
  );
  return rows.map((row) => BigInt(row.id));
}

/**
 * The transaction's time as PostgreSQL keeps it (`now()`, the same for every statement of the
 * transaction): the `created_at` every entry it posts takes, read as that column reads. A batch that
 * answers with its new entries before their posting has answered (docs/decisions/041) dates them by it.
 */
export async function selectTransactionTime(tx: Db): Promise<Date> {
  const [row] = await selectRows<{ now: string }>(tx, sql`select now()::text as now`);
  if (!row) throw new Error('the transaction time was not read');
  return journalEntries.createdAt.mapFromDriverValue(row.now) as Date;
}

function customerUserIds(drafts: readonly EntryDraft[]): string[] {
  return drafts.flatMap((draft) =>
    draft.postings.flatMap((posting) => (isCustomerAccount(posting.account) ? [posting.account.userId] : [])),
  );
}

type PostingRow = {
  /** 'entry': a posted entry; 'refused': the first posting that broke a balance's sign; 'missing': legs without an account. */
  row: 'entry' | 'refused' | 'missing';
  id: string | null;
  kind: string | null;
  created_at: Date | string | null;
  user_id: string | null;
  after: string | null;
};

/** Who posts: one actor for every entry, or one per entry (requests decided together, decision 041). */
export type EntryActors = Actor | readonly Actor[];

function actorOf(actors: EntryActors, index: number): Actor {
  if (!Array.isArray(actors)) return actors as Actor;
  const actor = (actors as readonly Actor[])[index];
  if (!actor) throw new Error('an entry has no actor');
  return actor;
}

/**
 * The whole posting as one statement (docs/decisions/039, "One statement per posting"): it locks
 * the customers' accounts in id order, computes every posting's balance after it from the locked
 * balances (a running sum in the entries' order, as `applyEntries` in packages/domain does), and
 * only if no customer's cash or reserved balance goes below zero and no loan above it, at any
 * posting, allocates the entry ids (after the locks: ids grow in the order movements take an
 * account, so running balances chain by id; or uses those reserved after the same locks), appends
 * the entries and postings, and moves the cached balances. Otherwise it writes nothing and returns
 * the first posting that broke the rule. Its text is the same whatever the movement (the values
 * travel as JSON parameters), so PostgreSQL prepares it once per connection
 * (db/statement-cache.ts); no estimate in it depends on a parameter's value (the entries are counted
 * from their JSON, not by `generate_series($n)`), so its generic plan costs what a custom one does
 * and PostgreSQL stops planning it after five runs.
 */
function postingStatement(
  users: readonly string[],
  drafts: readonly EntryDraft[],
  actors: EntryActors,
  entryIds: readonly bigint[] | undefined,
) {
  const entries = drafts.map((draft, index) => {
    const actor = actorOf(actors, index);
    return {
      i: index,
      actor_id: actor.id,
      actor_role: actor.role,
      kind: draft.kind,
      description: draft.description,
      user_id: draft.userId,
      reference: draft.reference ?? null,
    };
  });
  const legs = drafts.flatMap((draft, index) =>
    draft.postings.map((posting) => ({
      i: index,
      o: 0,
      kind: posting.account.kind,
      user_id: posting.account.userId ?? null,
      amount: posting.amount.toString(),
    })),
  );
  // Each leg's place in the movement: balances run in this order.
  for (const [order, leg] of legs.entries()) leg.o = order;
  // Ids reserved ahead (`reserveEntryIds`), or null: the statement takes them from the sequence.
  const reserved = entryIds ? JSON.stringify(entryIds.map(String)) : null;
  return sql`
    with locked as materialized (
      select id, kind, user_id, balance_minor from ledger_accounts
       where ${ownedByAny(users)}
       order by id for no key update
    ), accounts as (
      select id, kind, user_id, balance_minor from locked
      union all
      select id, kind, user_id, balance_minor from ledger_accounts where user_id is null
    ), input as (
      select i, o as ord, kind, user_id, amount
        from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) as l(i int, o int, kind text, user_id text, amount text)
    ), legs as materialized (
      select l.ord, l.i, a.id as account_id, a.kind, a.user_id, a.user_id is not null as customer,
             l.amount::bigint as amount,
             (a.balance_minor + sum(l.amount::bigint) over (partition by a.id order by l.ord))::bigint as after
        from input l
        join accounts a on a.kind = l.kind and a.user_id is not distinct from l.user_id
    ), refused as (
      select kind, user_id, after from legs
       where customer and case when kind = 'customer_loan' then after > 0 else after < 0 end
       order by ord limit 1
    ), allowed as (
      select (select count(*) from legs) = (select count(*) from input)
             and not exists (select 1 from refused) as ok
    ), entry_ids as (
      select (row_number() over (order by id))::int - 1 as i, id
        from (select nextval('journal_entries_id_seq') as id
                from jsonb_array_elements(${JSON.stringify(entries)}::jsonb)
               where (select ok from allowed) and ${reserved}::jsonb is null
              union all
              select r.id::bigint from jsonb_array_elements_text(${reserved}::jsonb) as r(id)
               where (select ok from allowed)) ids
    ), entries as (
      insert into journal_entries (id, kind, description, user_id, actor_id, actor_role, reference)
      select e.id, d.kind, d.description, d.user_id, d.actor_id, d.actor_role, d.reference
        from entry_ids e
        join jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
          as d(i int, actor_id text, actor_role text, kind text, description text, user_id text, reference jsonb)
          on d.i = e.i
       order by e.id
      returning id, kind, created_at
    ), appended as (
      insert into postings (entry_id, account_id, amount_minor, balance_after_minor)
      select e.id, l.account_id, l.amount, case when l.customer then l.after end
        from legs l join entry_ids e on e.i = l.i
       order by l.ord
    ), balances as (
      update ledger_accounts a set balance_minor = a.balance_minor + d.delta
        from (select account_id, sum(amount)::bigint as delta from legs where customer group by account_id) d
       where a.id = d.account_id and d.delta <> 0 and (select ok from allowed)
    )
    select 'entry' as row, id::text as id, kind, created_at, null as user_id, null as after from entries
    union all
    select 'refused', null, kind, null, user_id, after::text from refused
     where (select count(*) from legs) = (select count(*) from input)
    union all
    select 'missing', null, null, null, null, null
     where (select count(*) from legs) < (select count(*) from input)`;
}

/**
 * Posts journal entries inside the caller's transaction, in one statement (`postingStatement`):
 * locks the customers' accounts, checks that no customer balance goes below zero (an
 * INSUFFICIENT_FUNDS result otherwise, nothing written), appends the entries and postings with each
 * customer posting's balance after it, and moves the cached customer balances by the same amounts
 * (`balance = balance + delta`, under the lock). Platform accounts are not locked and keep no
 * cached balance (ledger notes, trap 3). A customer's first movement creates their accounts and
 * runs the statement again.
 */
export async function postEntries(
  tx: Db,
  drafts: readonly EntryDraft[],
  actor: EntryActors,
  options: PostingOptions = {},
): Promise<Result<PostedEntry[], InsufficientFunds>> {
  if (drafts.length === 0) return ok([]);
  for (const draft of drafts) assertBalancedEntry(draft);
  const { entryIds } = options;
  if (entryIds && entryIds.length < drafts.length) throw new Error('fewer entry ids reserved than entries');
  const ids = entryIds?.slice(0, drafts.length);
  const users = [...new Set(customerUserIds(drafts))];
  let rows = await selectRows<PostingRow>(tx, postingStatement(users, drafts, actor, ids));
  if (rows.some((row) => row.row === 'missing')) {
    // Statements sent behind this one already ran without its entries: the caller locks (and so
    // creates) the accounts before it reserves ids.
    if (ids) throw new Error('a posting with reserved entry ids names a ledger account that does not exist');
    await createCustomerAccounts(tx, users);
    rows = await selectRows<PostingRow>(tx, postingStatement(users, drafts, actor, ids));
    if (rows.some((row) => row.row === 'missing'))
      throw new Error('a posting names a ledger account that does not exist');
  }
  const refused = rows.find((row) => row.row === 'refused');
  if (refused) {
    const kind = refused.kind as AccountKind;
    if (!isCustomerAccountKind(kind) || refused.user_id === null)
      throw new Error(`refused posting to ${kind}`);
    const key = accountKey({ kind, userId: refused.user_id });
    // Repaying more than is owed is a caller's bug (repayments are capped at what is owed).
    if (kind === 'customer_loan') throw new Error(`${key} would go above zero`);
    return err({ code: 'INSUFFICIENT_FUNDS', accountKey: key, shortBy: -BigInt(refused.after ?? '0') });
  }
  const posted = rows.map((row) => ({
    id: BigInt(row.id ?? '0'),
    kind: row.kind as EntryKind,
    createdAt: new Date(row.created_at ?? 0),
  }));
  if (posted.length !== drafts.length) throw new Error('the entries were not posted');
  return ok(posted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}

/**
 * `entryIds`: ids reserved by `reserveEntryIds` (at least one per entry; the first ones are used,
 * in the entries' order), so that statements naming the entries can be sent behind the posting
 * without waiting for its answer. The accounts must exist (locked before the ids were reserved).
 */
export type PostingOptions = { entryIds?: readonly bigint[] };

/** One actor's movement among several posted together: its entries, in order. */
export type Movement = { actor: Actor; entries: readonly EntryDraft[] };

/**
 * Posts several actors' movements as one posting (`postEntries`, each entry by its movement's actor)
 * and answers each movement's posted entries, in the movements' order (requests decided together,
 * decision 041). INSUFFICIENT_FUNDS, nothing written, as `postEntries`.
 */
export async function postMovements(
  tx: Db,
  movements: readonly Movement[],
  options: PostingOptions = {},
): Promise<Result<PostedEntry[][], InsufficientFunds>> {
  const posted = await postEntries(
    tx,
    movements.flatMap((movement) => movement.entries),
    movements.flatMap((movement) => movement.entries.map(() => movement.actor)),
    options,
  );
  if (!posted.ok) return posted;
  // The entries come back in the order of their drafts (ids are allocated in that order).
  let at = 0;
  return ok(
    movements.map((movement) => {
      const entries = posted.value.slice(at, at + movement.entries.length);
      at += movement.entries.length;
      return entries;
    }),
  );
}

/**
 * The entries of a movement that cannot leave a customer below zero (a credit, or money already
 * reserved): an INSUFFICIENT_FUNDS there is a broken invariant, not an expected outcome.
 */
export function expectPosted<T>(result: Result<T, InsufficientFunds>): T {
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

/**
 * When the latest manual adjustment (an entry of kind "adjustment", either direction) was posted to
 * any of the customer's accounts after `since`, or undefined when none was. Reads the customer's
 * accounts (ledger_accounts_user_kind_idx), their postings (postings_account_entry_idx) and each
 * posting's entry by its key: never a whole table.
 */
export async function findLatestAdjustmentSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await selectRows<{ posted_at: Date | string | null }>(
    db,
    sql`select max(e.created_at) as posted_at
          from ledger_accounts a
          join postings p on p.account_id = a.id
          join journal_entries e on e.id = p.entry_id
         where a.user_id = ${userId} and e.kind = 'adjustment' and e.created_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.posted_at ? new Date(row.posted_at) : undefined;
}

/**
 * The amounts (cents, signed as they moved the customer's cash) of the manual adjustments posted to
 * the customer's cash after `since`: four-eyes counts them together (docs/decisions/048). Reads the
 * customer's adjustments by journal_entries_adjustments_idx (only adjustments, by customer and
 * time) and each one's postings by their entry.
 */
export async function selectAdjustmentAmountsSince(db: Db, userId: string, since: Date): Promise<bigint[]> {
  const rows = await selectRows<{ amount: string }>(
    db,
    sql`select p.amount_minor::text as amount
          from journal_entries e
          join postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id = e.user_id and a.kind = 'customer_cash'
         where e.user_id = ${userId} and e.kind = 'adjustment' and e.created_at > ${since.toISOString()}::timestamptz`,
  );
  return rows.map((row) => BigInt(row.amount));
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
  /**
   * The maker's reason when the entry carried out a four-eyes adjustment: the customer reads it
   * alone, as for any adjustment; the stored description also names maker and checker, for staff.
   */
  approvedAdjustmentReason: string | null;
  /**
   * A profit share this customer received as a provider (an entry of the follower's): the figures it
   * was computed from, null for entries stored before their reference kept them. Null for every
   * other entry, the follower's own profit share included.
   */
  profitShareReceived: { figures: ProfitShareFigures | null } | null;
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
  approved_adjustment_reason: string | null;
  profit_share_received: boolean;
  profit_share_bps: string | null;
  rise_minor: string | null;
};

/** Which of a customer's entries a statement shows: null where it does not narrow them. */
export type StatementEntryFilter = {
  /** Entries of these kinds. */
  kinds: readonly EntryKind[] | null;
  /** Entries made at or after this instant. */
  since: Date | null;
  /** Entries made before this instant. */
  until: Date | null;
};

export const NO_STATEMENT_FILTER: StatementEntryFilter = { kinds: null, since: null, until: null };

/** An instant as a parameter: its seconds since 1970, which PostgreSQL reads for any year a date names. */
function instantParam(instant: Date): SQL {
  return sql`to_timestamp(${instant.getTime() / 1000}::double precision)`;
}

/**
 * The join and the conditions that narrow a statement's postings `p` to the entries `filter`
 * selects, through the entry `fe` each posting is of (by its primary key): the customer's postings
 * are read as without a filter (postings_account_entry_idx), so a filter costs a look-up per entry of
 * the customer and needs no index of its own. `and` adds the conditions to a WHERE, `where` is one.
 * Without a filter all three are empty: the statement's text is then the one it always was.
 */
function entriesMatching(filter: StatementEntryFilter): { join: SQL; and: SQL; where: SQL } {
  const conditions: SQL[] = [];
  if (filter.kinds) conditions.push(among(sql`fe.kind`, filter.kinds));
  if (filter.since) conditions.push(sql`fe.created_at >= ${instantParam(filter.since)}`);
  if (filter.until) conditions.push(sql`fe.created_at < ${instantParam(filter.until)}`);
  if (conditions.length === 0) return { join: sql``, and: sql``, where: sql`` };
  const all = sql.join(conditions, sql` and `);
  return {
    join: sql` join journal_entries fe on fe.id = p.entry_id`,
    and: sql` and ${all}`,
    where: sql` where ${all}`,
  };
}

/**
 * The customer's ledger entries, newest first: for each, the change to available cash and to
 * reserved funds, and both balances right after it (from the running balances stored on the
 * postings; an entry that did not touch one account shows that account's last balance before it),
 * and the strategy provider of the account's own copied trade the entry is of (a copy's margin,
 * result or profit share; a provider's profit share received is of the follower's trade, not marked,
 * and is read with the figures it was computed from: the provider's line is built from them).
 * `filter` narrows the entries (entriesMatching); the balances after each are still the account's,
 * counting every entry.
 */
export function selectStatementPage(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
  filter: StatementEntryFilter = NO_STATEMENT_FILTER,
): Promise<Page<StatementLine>> {
  const matching = entriesMatching(filter);
  return readPage(paging, {
    total: async () => {
      const [count] = await selectRows<{ total: string }>(
        db,
        sql`select count(distinct p.entry_id)::text as total
              from postings p join ledger_accounts a on a.id = p.account_id${matching.join}
             where a.user_id = ${userId}${matching.and}`,
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
              from postings p join accounts a on a.id = p.account_id${matching.join}${matching.where}
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
                 sp.display_name as copied_from_provider,
                 coalesce(ap.request->>'reason', ap.maker_reason) as approved_adjustment_reason,
                 (e.kind = 'profit_share' and e.user_id <> ${userId}) as profit_share_received,
                 e.reference->>'profitShareBps' as profit_share_bps,
                 e.reference->>'riseMinor' as rise_minor
            from legs join journal_entries e on e.id = legs.entry_id
            left join trades t
              on t.id = (e.reference->>'trade')::uuid
             and t.user_id = ${userId} and t.copy_relation_id is not null
            left join copy_relations r on r.id = t.copy_relation_id
            left join strategy_providers sp on sp.id = r.provider_id
            left join approvals ap
              on e.kind = 'adjustment' and ap.id = (e.reference->>'approval')::uuid and ap.kind = 'adjustment'
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
        approvedAdjustmentReason: row.approved_adjustment_reason,
        profitShareReceived: row.profit_share_received
          ? {
              figures: readProfitShareFigures({
                profitShareBps: row.profit_share_bps,
                riseMinor: row.rise_minor,
              }),
            }
          : null,
      }));
    },
  });
}
