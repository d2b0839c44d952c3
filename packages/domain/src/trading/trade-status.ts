export const TRADE_STATUSES = ['open', 'closed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** PRODUCT.md §4: open → closed (by the customer, an administrator, copy trading or the stop-out); final. */
export const TRADE_NEXT = {
  open: ['closed'],
  closed: [],
} as const satisfies Record<TradeStatus, readonly TradeStatus[]>;

/** Who closed a trade. */
/**
 * `copy`: a follower's copy closed by the system because the strategy provider closed theirs;
 * `copy_stop_loss`: closed by the system because the follower's copy stop-loss was reached.
 */
export const TRADE_CLOSERS = ['customer', 'admin', 'stop_out', 'desk', 'copy', 'copy_stop_loss'] as const;
export type TradeCloser = (typeof TRADE_CLOSERS)[number];
