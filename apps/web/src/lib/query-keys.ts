import type { CandleInterval } from '@candor/contracts/market';
import type { Trade } from '@candor/contracts/trades';

/** Where a server-paged list stands: its page and its e-mail search. */
type ListPlace = { page: number; search: string };

const ME = ['me'] as const;
const ADMIN = ['admin'] as const;

/**
 * Every key of the web app's queries. A key's prefix names a group: invalidating `queryKeys.me`
 * refreshes everything of the signed-in customer (balances, statement, lists) after their money
 * moves; `queryKeys.admin` every administrator view.
 */
export const queryKeys = {
  session: ['session'],
  /** The public site settings (name, icon, withdrawal terms): the header and the login page read them. */
  settings: ['settings'],
  instruments: ['instruments'],
  candles: (symbol: string, interval: CandleInterval) => ['candles', symbol, interval] as const,
  quote: (symbol: string) => ['quote', symbol] as const,
  signal: (symbol: string) => ['signal', symbol] as const,

  me: ME,
  balances: [...ME, 'balances'],
  statement: (page: number) => [...ME, 'statement', page] as const,
  ownDeposits: [...ME, 'deposits'],
  ownDepositsPage: (page: number) => [...ME, 'deposits', { page }] as const,
  ownTradesPage: (status: Trade['status'], page: number) =>
    [...ME, 'trades', 'list', status, { page }] as const,
  ownTrade: (id: string) => [...ME, 'trades', 'one', id] as const,
  ownWithdrawalsPage: (page: number) => [...ME, 'withdrawals', 'list', { page }] as const,
  ownWithdrawal: (id: string) => [...ME, 'withdrawals', 'one', id] as const,
  withdrawalTerms: [...ME, 'withdrawal-terms'],

  admin: ADMIN,
  adminDeposits: [...ADMIN, 'deposits'],
  adminDepositsPage: (place: ListPlace) => [...ADMIN, 'deposits', 'list', place] as const,
  adminDeposit: (id: string) => [...ADMIN, 'deposits', 'one', id] as const,
  adminWithdrawals: [...ADMIN, 'withdrawals'],
  adminWithdrawalsPage: (place: ListPlace) => [...ADMIN, 'withdrawals', 'list', place] as const,
  adminWithdrawal: (id: string) => [...ADMIN, 'withdrawals', 'one', id] as const,
  adminTradesPage: (place: ListPlace) => [...ADMIN, 'trades', 'list', place] as const,
  adminTrade: (id: string) => [...ADMIN, 'trades', 'one', id] as const,
  adminOpenPositions: (userId: string) => [...ADMIN, 'trades', { userId, status: 'open' }] as const,
  /** Everything the admin user page reads about one user. */
  adminUser: (id: string) => [...ADMIN, 'users', id] as const,
  adminWithdrawalSettings: (id: string) => [...ADMIN, 'users', id, 'withdrawal-settings'] as const,
  walletAddresses: [...ADMIN, 'wallet-addresses'],
  outboxPage: (place: ListPlace) => [...ADMIN, 'outbox', 'list', place] as const,
  outboxMessage: (id: string) => [...ADMIN, 'outbox', 'message', id] as const,
} as const;
