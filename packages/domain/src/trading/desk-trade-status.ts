/**
 * A trade booked by the desk (PRODUCT.md §2 Admin user details) is a proposal: nothing is posted
 * until the customer accepts it. The customer accepts or rejects it; unaccepted, it expires.
 * Accepted, rejected and expired are final.
 */
export const DESK_TRADE_STATUSES = ['proposed', 'accepted', 'rejected', 'expired'] as const;
export type DeskTradeStatus = (typeof DESK_TRADE_STATUSES)[number];

export const DESK_TRADE_NEXT = {
  proposed: ['accepted', 'rejected', 'expired'],
  accepted: [],
  rejected: [],
  expired: [],
} as const satisfies Record<DeskTradeStatus, readonly DeskTradeStatus[]>;

/** How long a proposal waits for the customer: 7 days. */
export const DESK_TRADE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** When a proposal booked at `bookedAtMs` (ms since the epoch) expires. */
export function deskTradeExpiresAt(bookedAtMs: number): number {
  return bookedAtMs + DESK_TRADE_TTL_MS;
}

/**
 * The state a stored proposal is in at `nowMs`: a proposal whose expiry has come is expired even
 * before anything has written so (expiry is decided by the clock, not by a sweep having run).
 */
export function deskTradeStatusAt(
  stored: DeskTradeStatus,
  expiresAtMs: number,
  nowMs: number,
): DeskTradeStatus {
  return stored === 'proposed' && nowMs >= expiresAtMs ? 'expired' : stored;
}
