import type { DomainErrorCode } from '../errors.ts';
import { err, ok, type Result } from '../result.ts';
import { accountKey, isAllowedCustomerBalance, isCustomerAccount } from './accounts.ts';
import { assertBalancedEntry, type EntryDraft, type Posting } from './entries.ts';

export type PostedLeg = Posting & { entryIndex: number; balanceAfter: bigint };

/** A customer account would go below zero: which one, and by how much. */
export type InsufficientFunds = {
  code: DomainErrorCode & 'INSUFFICIENT_FUNDS';
  accountKey: string;
  shortBy: bigint;
};

/**
 * Applies entries, in order, to the balances they touch (keyed by `accountKey`; missing accounts
 * start at zero). A customer's cash or reserved account may never go below zero: the first posting
 * that would take one there refuses the whole batch and nothing is applied (a loan account may
 * never go above zero: that throws). Returns the new balances and, for
 * every posting, the balance after it.
 */
export function applyEntries(
  balances: ReadonlyMap<string, bigint>,
  entries: readonly EntryDraft[],
): Result<{ balances: Map<string, bigint>; legs: PostedLeg[] }, InsufficientFunds> {
  const next = new Map(balances);
  const legs: PostedLeg[] = [];
  for (const [entryIndex, entry] of entries.entries()) {
    assertBalancedEntry(entry);
    for (const posting of entry.postings) {
      const key = accountKey(posting.account);
      const after = (next.get(key) ?? 0n) + posting.amount;
      if (isCustomerAccount(posting.account) && !isAllowedCustomerBalance(posting.account.kind, after)) {
        // Repaying more than is owed is a caller's bug (repayments are capped at what is owed).
        if (posting.account.kind === 'customer_loan') throw new Error(`${key} would go above zero`);
        return err({ code: 'INSUFFICIENT_FUNDS', accountKey: key, shortBy: -after });
      }
      next.set(key, after);
      legs.push({ ...posting, entryIndex, balanceAfter: after });
    }
  }
  return ok({ balances: next, legs });
}
