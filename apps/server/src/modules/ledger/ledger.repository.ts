import {
  type AccountRef,
  accountKey,
  CUSTOMER_ACCOUNT_KINDS,
  isCustomerAccount,
  PLATFORM_ACCOUNT_KINDS,
} from '@candor/domain/ledger/accounts';
import { applyEntries } from '@candor/domain/ledger/balances';
import type { EntryDraft } from '@candor/domain/ledger/entries';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { AppError } from '../../lib/app-error.ts';

/** Who caused a movement: a customer, an administrator, 'cli' or 'system'. */
export type LedgerActor = { id: string; role: string };

export type PostedEntry = { id: bigint; kind: string; createdAt: Date };

type LockedAccount = { id: bigint; kind: string; userId: string | null; balanceMinor: bigint };

/**
 * Locks the customers' accounts (cash and reserved), creating them on first use. Locks are taken
 * FOR NO KEY UPDATE (postings reference accounts by foreign key; a plain FOR UPDATE would
 * deadlock with them) and in id order, so two movements never wait on each other in a circle.
 */
export async function lockCustomerAccounts(tx: Db, userIds: readonly string[]): Promise<LockedAccount[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const select = () =>
    tx
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        balanceMinor: ledgerAccounts.balanceMinor,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.userId, unique))
      .orderBy(asc(ledgerAccounts.id))
      .for('no key update');
  const locked = await select();
  if (locked.length === unique.length * 2) return locked;
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

async function readPlatformAccounts(tx: Db): Promise<{ id: bigint; kind: string; userId: null }[]> {
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.userId));
  return rows.map((row) => ({ ...row, userId: null }));
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
  const locked = await lockCustomerAccounts(tx, customerUserIds(drafts));
  const idByKey = new Map<string, bigint>();
  const balances = new Map<string, bigint>();
  for (const row of locked) {
    const key = accountKey(toAccountRef(row));
    idByKey.set(key, row.id);
    balances.set(key, row.balanceMinor);
  }
  for (const row of await readPlatformAccounts(tx)) idByKey.set(accountKey(toAccountRef(row)), row.id);

  const applied = applyEntries(balances, drafts);
  if (!applied.ok) throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance');

  const posted: PostedEntry[] = [];
  for (const draft of drafts) {
    const [entry] = await tx
      .insert(journalEntries)
      .values({
        kind: draft.kind,
        description: draft.description,
        userId: draft.userId,
        actorId: actor.id,
        actorRole: actor.role,
        reference: draft.reference ?? null,
      })
      .returning({ id: journalEntries.id, kind: journalEntries.kind, createdAt: journalEntries.createdAt });
    if (!entry) throw new Error('journal entry was not stored');
    posted.push(entry);
  }

  const deltas = new Map<bigint, bigint>();
  await tx.insert(postings).values(
    applied.value.legs.map((leg) => {
      const key = accountKey(leg.account);
      const accountId = idByKey.get(key);
      const entry = posted[leg.entryIndex];
      if (accountId === undefined || !entry) throw new Error(`no ledger account ${key}`);
      const customer = isCustomerAccount(leg.account);
      if (customer) deltas.set(accountId, (deltas.get(accountId) ?? 0n) + leg.amount);
      return {
        entryId: entry.id,
        accountId,
        amountMinor: leg.amount,
        balanceAfterMinor: customer ? leg.balanceAfter : null,
      };
    }),
  );
  for (const [accountId, delta] of deltas) {
    if (delta === 0n) continue;
    await tx
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${delta}` })
      .where(eq(ledgerAccounts.id, accountId));
  }
  return posted;
}
