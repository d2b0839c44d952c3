import type { AdminTrade } from '@candor/contracts/admin-trades';

/** Seed §2 All trades: an open trade reads Running, a closed one Closed. */
export const ADMIN_TRADE_STATUS_LABELS = {
  open: 'Running',
  closed: 'Closed',
} as const satisfies Record<AdminTrade['status'], string>;
