/**
 * Accounts a customer owns: cash they can use, funds reserved (pending withdrawals, trade margin),
 * and what they owe on a loan. `customer_loan` is the only account whose balance is never positive:
 * a loan paid out takes it below zero by the amount lent, interest takes it further, repayments
 * bring it back towards zero (what the customer owes = −balance).
 */
export const CUSTOMER_ACCOUNT_KINDS = ['customer_cash', 'customer_reserved', 'customer_loan'] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];

/**
 * The platform's own accounts. `platform_transit` is customer money on its way in from or out to
 * the outside world (deposits received, withdrawals paid out); `platform_fee_revenue` collects
 * withdrawal fees; `platform_house` is the other side of trading results; `platform_adjustments`
 * the other side of manual adjustments; `platform_plan_revenue` collects plan purchases;
 * `platform_interest_revenue` the interest accrued on loans.
 */
export const PLATFORM_ACCOUNT_KINDS = [
  'platform_transit',
  'platform_fee_revenue',
  'platform_house',
  'platform_adjustments',
  'platform_plan_revenue',
  'platform_interest_revenue',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

export const ACCOUNT_KINDS = [...CUSTOMER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export type AccountRef =
  | { kind: CustomerAccountKind; userId: string }
  | { kind: PlatformAccountKind; userId?: undefined };

export function customerAccount(kind: CustomerAccountKind, userId: string): AccountRef {
  return { kind, userId };
}

export function platformAccount(kind: PlatformAccountKind): AccountRef {
  return { kind };
}

export function isCustomerAccountKind(kind: AccountKind): kind is CustomerAccountKind {
  return (CUSTOMER_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

export function isCustomerAccount(ref: AccountRef): ref is { kind: CustomerAccountKind; userId: string } {
  return isCustomerAccountKind(ref.kind);
}

/**
 * The sign a customer account's balance keeps: cash and reserved funds never go below zero, a loan
 * account never above it (nobody can owe a negative amount).
 */
export function isAllowedCustomerBalance(kind: CustomerAccountKind, balance: bigint): boolean {
  return kind === 'customer_loan' ? balance <= 0n : balance >= 0n;
}

/** A stable key for maps: `customer_cash:<userId>` or `platform_house`. */
export function accountKey(ref: AccountRef): string {
  return isCustomerAccount(ref) ? `${ref.kind}:${ref.userId}` : ref.kind;
}
