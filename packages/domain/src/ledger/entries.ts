import { formatPercent, formatUsd } from '../money/money.ts';
import { type AccountRef, accountKey, customerAccount, platformAccount } from './accounts.ts';

/** Why money moved. */
export const ENTRY_KINDS = [
  'deposit',
  'reservation',
  'release',
  'withdrawal',
  'withdrawal_fee',
  'adjustment',
  'trade_margin',
  'trade_margin_release',
  'trade_result',
  'plan_purchase',
  'plan_credit',
  'loan_payout',
  'loan_interest',
  'loan_repayment',
  'profit_share',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export type Posting = { account: AccountRef; amount: bigint };

/** A journal entry before it is stored: its postings sum to zero. */
export type EntryDraft = {
  kind: EntryKind;
  description: string;
  /**
   * The customer the entry concerns. Every customer posting is to this customer's accounts,
   * except a profit share: it moves money from the follower (`userId`) to the provider, whose
   * statement finds it through the posting to their cash (and its reference names both).
   */
  userId: string;
  /** What it belongs to, e.g. { deposit: '…' }. */
  reference?: Readonly<Record<string, string>> | undefined;
  postings: readonly Posting[];
};

/**
 * Throws when an entry breaks the ledger's rules: at least two postings, no zero amounts, no
 * account twice, and the amounts sum to zero. Builders below always produce valid entries, so a
 * throw here is a bug, not a customer error.
 */
export function assertBalancedEntry(entry: EntryDraft): void {
  if (entry.postings.length < 2) throw new Error(`entry "${entry.kind}" needs at least two postings`);
  const seen = new Set<string>();
  let sum = 0n;
  for (const posting of entry.postings) {
    if (posting.amount === 0n) throw new Error(`entry "${entry.kind}" has a zero posting`);
    const key = accountKey(posting.account);
    if (seen.has(key)) throw new Error(`entry "${entry.kind}" posts to ${key} twice`);
    seen.add(key);
    sum += posting.amount;
  }
  if (sum !== 0n) throw new Error(`entry "${entry.kind}" does not balance (sum ${sum})`);
}

function positive(amount: bigint, what: string): bigint {
  if (amount <= 0n) throw new Error(`${what} must be positive, got ${amount}`);
  return amount;
}

/** Two postings moving `amount` from one account to another. */
function transfer(from: AccountRef, to: AccountRef, amount: bigint): Posting[] {
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/** An approved deposit: money came in from outside, the customer's cash grows. */
export function depositEntry(input: {
  userId: string;
  amount: bigint;
  depositId: string;
  methodLabel: string;
}): EntryDraft {
  return {
    kind: 'deposit',
    description: `Deposit by ${input.methodLabel}`,
    userId: input.userId,
    reference: { deposit: input.depositId },
    postings: transfer(
      platformAccount('platform_transit'),
      customerAccount('customer_cash', input.userId),
      positive(input.amount, 'deposit'),
    ),
  };
}

/** A withdrawal request: the amount moves from available cash to reserved funds. */
export function reservationEntry(input: {
  userId: string;
  amount: bigint;
  withdrawalId: string;
  methodLabel: string;
}): EntryDraft {
  return {
    kind: 'reservation',
    description: `Reserved for withdrawal by ${input.methodLabel}`,
    userId: input.userId,
    reference: { withdrawal: input.withdrawalId },
    postings: transfer(
      customerAccount('customer_cash', input.userId),
      customerAccount('customer_reserved', input.userId),
      positive(input.amount, 'reservation'),
    ),
  };
}

/** A rejected withdrawal: the reserved amount returns to available cash. */
export function releaseEntry(input: {
  userId: string;
  amount: bigint;
  withdrawalId: string;
  reason: string;
}): EntryDraft {
  return {
    kind: 'release',
    description: `Withdrawal rejected, amount released: ${input.reason}`,
    userId: input.userId,
    reference: { withdrawal: input.withdrawalId },
    postings: transfer(
      customerAccount('customer_reserved', input.userId),
      customerAccount('customer_cash', input.userId),
      positive(input.amount, 'release'),
    ),
  };
}

/** The customer cancelled their own undecided withdrawal: the reserved amount returns to their cash. */
export function cancellationEntry(input: {
  userId: string;
  amount: bigint;
  withdrawalId: string;
}): EntryDraft {
  return {
    kind: 'release',
    description: 'Withdrawal cancelled by the customer, amount released',
    userId: input.userId,
    reference: { withdrawal: input.withdrawalId },
    postings: transfer(
      customerAccount('customer_reserved', input.userId),
      customerAccount('customer_cash', input.userId),
      positive(input.amount, 'release'),
    ),
  };
}

/**
 * An approved withdrawal settles its reservation: the net amount leaves for the outside world,
 * the fee (when there is one) goes to fee revenue. Two entries, so the statement shows both.
 */
export function withdrawalEntries(input: {
  userId: string;
  net: bigint;
  fee: bigint;
  feePercent: string;
  withdrawalId: string;
  methodLabel: string;
}): EntryDraft[] {
  const reserved = customerAccount('customer_reserved', input.userId);
  const reference = { withdrawal: input.withdrawalId };
  const entries: EntryDraft[] = [];
  if (input.net > 0n) {
    entries.push({
      kind: 'withdrawal',
      description: `Withdrawal paid out by ${input.methodLabel}`,
      userId: input.userId,
      reference,
      postings: transfer(reserved, platformAccount('platform_transit'), input.net),
    });
  }
  if (input.fee > 0n) {
    entries.push({
      kind: 'withdrawal_fee',
      description: `Withdrawal fee (${input.feePercent}%)`,
      userId: input.userId,
      reference,
      postings: transfer(reserved, platformAccount('platform_fee_revenue'), input.fee),
    });
  }
  if (input.net < 0n || input.fee < 0n || entries.length === 0) {
    throw new Error('a withdrawal settles a positive amount');
  }
  return entries;
}

export type AdjustmentDirection = 'credit' | 'debit';

/** A manual adjustment by an administrator; its reason is what the customer reads. */
export function adjustmentEntry(input: {
  userId: string;
  direction: AdjustmentDirection;
  amount: bigint;
  reason: string;
}): EntryDraft {
  const cash = customerAccount('customer_cash', input.userId);
  const adjustments = platformAccount('platform_adjustments');
  const amount = positive(input.amount, 'adjustment');
  return {
    kind: 'adjustment',
    description: input.reason,
    userId: input.userId,
    postings:
      input.direction === 'credit'
        ? transfer(adjustments, cash, amount)
        : transfer(cash, adjustments, amount),
  };
}

/** Opening a trade reserves its amount as margin: available cash → reserved funds. */
export function tradeMarginEntry(input: {
  userId: string;
  amount: bigint;
  tradeId: string;
  description: string;
}): EntryDraft {
  return {
    kind: 'trade_margin',
    description: input.description,
    userId: input.userId,
    reference: { trade: input.tradeId },
    postings: transfer(
      customerAccount('customer_cash', input.userId),
      customerAccount('customer_reserved', input.userId),
      positive(input.amount, 'margin'),
    ),
  };
}

/**
 * Closing a trade releases its margin and posts its result between the customer's cash and the
 * house: a profit comes from the house, a loss goes to it (never more than the margin, so the
 * released margin always covers it).
 */
export function tradeCloseEntries(input: {
  userId: string;
  amount: bigint;
  result: bigint;
  tradeId: string;
  description: string;
}): EntryDraft[] {
  if (input.result < -input.amount) throw new Error('a loss cannot exceed the margin');
  const cash = customerAccount('customer_cash', input.userId);
  const reference = { trade: input.tradeId };
  const entries: EntryDraft[] = [
    {
      kind: 'trade_margin_release',
      description: `Margin released: ${input.description}`,
      userId: input.userId,
      reference,
      postings: transfer(
        customerAccount('customer_reserved', input.userId),
        cash,
        positive(input.amount, 'margin'),
      ),
    },
  ];
  if (input.result !== 0n) {
    const house = platformAccount('platform_house');
    entries.push({
      kind: 'trade_result',
      description: `${input.result > 0n ? 'Profit' : 'Loss'}: ${input.description}`,
      userId: input.userId,
      reference,
      postings:
        input.result > 0n ? transfer(house, cash, input.result) : transfer(cash, house, -input.result),
    });
  }
  return entries;
}

/**
 * A trade booked by the desk (executed outside the platform, at recorded prices) had no margin
 * here: only its result moves, between the customer's cash and the house, like a closed trade's
 * result. A zero result moves nothing: the caller posts no entry for it.
 */
export function bookedTradeResultEntry(input: {
  userId: string;
  result: bigint;
  tradeId: string;
  description: string;
}): EntryDraft {
  if (input.result === 0n) throw new Error('a zero result moves nothing');
  const cash = customerAccount('customer_cash', input.userId);
  const house = platformAccount('platform_house');
  return {
    kind: 'trade_result',
    description: `${input.result > 0n ? 'Profit' : 'Loss'} (booked by desk): ${input.description}`,
    userId: input.userId,
    reference: { trade: input.tradeId },
    postings: input.result > 0n ? transfer(house, cash, input.result) : transfer(cash, house, -input.result),
  };
}

/** A plan bought from the balance: the price moves from the customer's cash to plan revenue. */
export function planPurchaseEntry(input: {
  userId: string;
  price: bigint;
  purchaseId: string;
  planName: string;
}): EntryDraft {
  return {
    kind: 'plan_purchase',
    description: `Plan purchase: ${input.planName}`,
    userId: input.userId,
    reference: { planPurchase: input.purchaseId },
    postings: transfer(
      customerAccount('customer_cash', input.userId),
      platformAccount('platform_plan_revenue'),
      positive(input.price, 'price'),
    ),
  };
}

/**
 * A plan replaced by a higher one of its kind before it ended: the unused part of its price returns
 * from plan revenue to the customer's cash.
 */
export function planCreditEntry(input: {
  userId: string;
  credit: bigint;
  purchaseId: string;
  planName: string;
}): EntryDraft {
  return {
    kind: 'plan_credit',
    description: `Unused days credited: ${input.planName}`,
    userId: input.userId,
    reference: { planPurchase: input.purchaseId },
    postings: transfer(
      platformAccount('platform_plan_revenue'),
      customerAccount('customer_cash', input.userId),
      positive(input.credit, 'credit'),
    ),
  };
}

/**
 * An approved loan paid out: the customer's cash grows by the amount lent and their loan account
 * goes below zero by the same amount (what they owe).
 */
export function loanPayoutEntry(input: {
  userId: string;
  amount: bigint;
  loanId: string;
  planName: string;
}): EntryDraft {
  return {
    kind: 'loan_payout',
    description: `Loan paid out: ${input.planName}`,
    userId: input.userId,
    reference: { loan: input.loanId },
    postings: transfer(
      customerAccount('customer_loan', input.userId),
      customerAccount('customer_cash', input.userId),
      positive(input.amount, 'loan'),
    ),
  };
}

/** A day's interest on a loan: what the customer owes grows, interest revenue grows. */
export function loanInterestEntry(input: {
  userId: string;
  interest: bigint;
  loanId: string;
  description: string;
}): EntryDraft {
  return {
    kind: 'loan_interest',
    description: input.description,
    userId: input.userId,
    reference: { loan: input.loanId },
    postings: transfer(
      customerAccount('customer_loan', input.userId),
      platformAccount('platform_interest_revenue'),
      positive(input.interest, 'interest'),
    ),
  };
}

/** A repayment from cash: what the customer owes shrinks by the same amount. */
export function loanRepaymentEntry(input: {
  userId: string;
  amount: bigint;
  loanId: string;
  description: string;
}): EntryDraft {
  return {
    kind: 'loan_repayment',
    description: input.description,
    userId: input.userId,
    reference: { loan: input.loanId },
    postings: transfer(
      customerAccount('customer_cash', input.userId),
      customerAccount('customer_loan', input.userId),
      positive(input.amount, 'repayment'),
    ),
  };
}

/**
 * A copy-trading profit share (issue 14): when a copied trade closes above the follower's
 * high-water mark with its provider, the fee moves from the follower's cash to the provider's cash.
 * One entry between two customers: its `userId` is the follower (who pays); the provider's
 * statement lists it through the posting to the provider's cash (statements select entries by the
 * customer's postings), and the reference carries the trade, the follower and the provider, and the
 * figures the fee was computed from: the rate in basis points and the rise above the follower's
 * previous best in cents (`amount` = rate × rise, rounded down; chargeProfitShare). The description
 * is the follower's line: it says the rate, the rise and the provider, so the fee can be checked.
 */
export function profitShareEntry(input: {
  followerId: string;
  providerId: string;
  amount: bigint;
  tradeId: string;
  providerName: string;
  profitShareBps: number;
  riseCents: bigint;
}): EntryDraft {
  if (input.followerId === input.providerId) throw new Error('a provider does not copy themselves');
  if (input.amount > input.riseCents) throw new Error('a profit share is at most the rise it is a share of');
  return {
    kind: 'profit_share',
    description: `Profit share: ${formatPercent(input.profitShareBps)} of ${formatUsd(input.riseCents)} above your previous best on copies of ${input.providerName}`,
    userId: input.followerId,
    reference: {
      trade: input.tradeId,
      follower: input.followerId,
      provider: input.providerId,
      profitShareBps: String(input.profitShareBps),
      riseMinor: input.riseCents.toString(),
    },
    postings: transfer(
      customerAccount('customer_cash', input.followerId),
      customerAccount('customer_cash', input.providerId),
      positive(input.amount, 'profit share'),
    ),
  };
}

/** The figures a profit share was computed from, as its entry's reference keeps them. */
export type ProfitShareFigures = { profitShareBps: number; riseCents: bigint };

/**
 * The figures of a profit share from its entry's reference (profitShareEntry writes them); null when
 * the reference has none (entries stored before it kept them) or they cannot be read.
 */
export function readProfitShareFigures(reference: unknown): ProfitShareFigures | null {
  if (typeof reference !== 'object' || reference === null) return null;
  const { profitShareBps, riseMinor } = reference as Record<string, unknown>;
  if (typeof profitShareBps !== 'string' || !/^\d{1,5}$/.test(profitShareBps)) return null;
  if (typeof riseMinor !== 'string' || !/^\d+$/.test(riseMinor)) return null;
  return { profitShareBps: Number(profitShareBps), riseCents: BigInt(riseMinor) };
}

/**
 * The provider's line of a profit share they received: income from a follower's copy of their
 * trade, with the rate and the rise it was computed from. The follower is not named: nothing else
 * shows a provider who copies them. `figures` is null for the entries stored before their reference
 * kept them; their line then says what it is without them (their stored description, the follower's
 * line, is not shown to the provider: it names the provider as the one copied from).
 */
export function describeProfitShareReceived(figures: ProfitShareFigures | null): string {
  if (figures === null) return "Profit share received on a follower's copy of your trade";
  return `Profit share received: ${formatPercent(figures.profitShareBps)} of a follower's ${formatUsd(figures.riseCents)} rise on a copy of your trade`;
}
