/** Accounts a customer owns: cash they can use, and funds reserved for pending withdrawals (and, later, margin). */
export const CUSTOMER_ACCOUNT_KINDS = ['customer_cash', 'customer_reserved'] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];

/**
 * The platform's own accounts. `platform_transit` is customer money on its way in from or out to
 * the outside world (deposits received, withdrawals paid out); `platform_fee_revenue` collects
 * withdrawal fees; `platform_house` is the other side of trading results; `platform_adjustments`
 * the other side of manual adjustments.
 */
export const PLATFORM_ACCOUNT_KINDS = [
  'platform_transit',
  'platform_fee_revenue',
  'platform_house',
  'platform_adjustments',
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
  return kind === 'customer_cash' || kind === 'customer_reserved';
}

export function isCustomerAccount(ref: AccountRef): ref is { kind: CustomerAccountKind; userId: string } {
  return ref.kind === 'customer_cash' || ref.kind === 'customer_reserved';
}

/** A stable key for maps: `customer_cash:<userId>` or `platform_house`. */
export function accountKey(ref: AccountRef): string {
  return isCustomerAccount(ref) ? `${ref.kind}:${ref.userId}` : ref.kind;
}
