/**
 * The plan catalogue's three kinds (PRODUCT.md §2 Plans): signal plans unlock the signals list,
 * trading packages set spread and leverage, loan plans are applied for (never bought).
 */
export const PLAN_KINDS = ['signal', 'trading', 'loan'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** The kinds a customer buys; an account holds at most one active plan of each. */
export const PURCHASABLE_PLAN_KINDS = ['signal', 'trading'] as const;
export type PurchasablePlanKind = (typeof PURCHASABLE_PLAN_KINDS)[number];

/** The candle intervals a signal plan can rate instruments on. */
export const SIGNAL_INTERVALS = ['1h', '4h', '1d'] as const;
export type SignalInterval = (typeof SIGNAL_INTERVALS)[number];
