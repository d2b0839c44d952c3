import type { CandleInterval } from '@candor/contracts/market';

/** Where a list stands: its page, and its search or status filter. */
type ListPlace = Readonly<Record<string, string | number>>;

/**
 * The keys of a server-paged resource: `all` its views (invalidate it after a change), one `page`
 * of its list, `one` record.
 */
function pagedKeys<const Prefix extends readonly string[]>(prefix: Prefix) {
  return {
    all: prefix,
    page: (place: ListPlace) => [...prefix, 'list', place] as const,
    one: (id: string) => [...prefix, 'one', id] as const,
  };
}

const ME = ['me'] as const;
const ADMIN = ['admin'] as const;

/**
 * Every key of the web app's queries. A key's prefix names a group: invalidating `queryKeys.me`
 * refreshes everything of the signed-in customer (balances, statement, lists) after their money
 * moves; `queryKeys.admin` every administrator view.
 */
export const queryKeys = {
  session: ['session'],
  /** The public site settings (name, icon): the header, the login page and the tab read them. */
  settings: ['settings'],
  /** Every setting, with the internal ones (the Settings tab). */
  adminSettings: [...ADMIN, 'settings'],
  instruments: ['instruments'],
  /** Whether a first-run setup link still works. */
  setup: (token: string) => ['setup', token] as const,
  candles: (symbol: string, interval: CandleInterval) => ['candles', symbol, interval] as const,
  quote: (symbol: string) => ['quote', symbol] as const,
  signal: (symbol: string) => ['signal', symbol] as const,
  /** The plans on sale, by kind (issue 13). */
  plans: (kind: string) => ['plans', kind] as const,

  me: ME,
  balances: [...ME, 'balances'],
  /** A page of the statement, with its filters (the query string it is read with). */
  statement: (place: ListPlace) => [...ME, 'statement', place] as const,
  withdrawalTerms: [...ME, 'withdrawal-terms'],
  /** A freeze or a 24-hour wait on new withdrawals. */
  withdrawalProtection: [...ME, 'withdrawal-protection'],
  /** What an unverified account may still deposit and withdraw in 30 days (issue 12). */
  verificationAllowance: [...ME, 'verification-allowance'],
  /** The customer's security events (/account). */
  accountSecurity: [...ME, 'security'],
  ownDeposits: pagedKeys([...ME, 'deposits']),
  /** The coins the Deposit page offers (those with a deposit address). */
  depositMethods: [...ME, 'deposit-methods'],
  ownTrades: pagedKeys([...ME, 'trades']),
  ownWithdrawals: pagedKeys([...ME, 'withdrawals']),
  /** Trades the desk booked for the customer (/desk-trades) and how many await them (the banner). */
  ownDeskTrades: pagedKeys([...ME, 'desk-trades']),
  deskTradeSummary: [...ME, 'desk-trades', 'summary'],
  /** The customer's own sign-ins and sessions (/account). */
  accountActivity: [...ME, 'activity'],
  /** The signed-in person's own mail (Messages) and its unread count (the header's badge). */
  messages: pagedKeys([...ME, 'messages']),
  unreadMessages: [...ME, 'messages', 'unread'],
  /** The customer's own passkeys (/account). */
  passkeys: [...ME, 'passkeys'],
  /** The customer's two-factor: on or off, and its history (/account). */
  twoFactor: [...ME, 'two-factor'],
  /** The customer's identity verification and submissions (/identity, /account). */
  ownVerification: [...ME, 'verification'],
  /** The customer's plans: active ones and past ones (/account, the plan pages). */
  ownPlans: [...ME, 'plans'],
  /** The spread and maximum leverage the customer trades with now (the ticket on /trades). */
  tradingTerms: [...ME, 'trading-terms'],
  /** The signals list a signal plan unlocks (/signal), and the customer's rating alerts. */
  signals: (interval: string) => [...ME, 'signals', interval] as const,
  signalAlerts: [...ME, 'signal-alerts'],
  /** The customer's loan applications and loans (/trading-plans). */
  ownLoans: [...ME, 'loans'],

  admin: ADMIN,
  adminDeposits: pagedKeys([...ADMIN, 'deposits']),
  adminWithdrawals: pagedKeys([...ADMIN, 'withdrawals']),
  /** The Verifications tab and one customer's verification (/admin/verifications/{uid}). */
  adminVerifications: pagedKeys([...ADMIN, 'verifications']),
  verificationReasons: [...ADMIN, 'verification-reasons'],
  adminTrades: pagedKeys([...ADMIN, 'trades']),
  adminApprovals: pagedKeys([...ADMIN, 'approvals']),
  /** Per kind of four-eyes request, whether another staff member could approve it (decision 053). */
  adminSecondDeciders: [...ADMIN, 'approvals', 'second-deciders'],
  adminOpenPositions: (userId: string) => [...ADMIN, 'trades', { userId, status: 'open' }] as const,
  /** One customer's trades booked by the desk, with their proposals' states (/user/{id}). */
  adminDeskTrades: (userId: string) => [...ADMIN, 'trades', { userId, origin: 'desk' }] as const,
  /** One customer's desk bookings awaiting a second approval (/user/{id}). */
  adminWaitingDeskTrades: (userId: string) => [...ADMIN, 'waiting-desk-trades', userId] as const,
  outbox: pagedKeys([...ADMIN, 'outbox']),
  /** Everything the admin user page reads about one user. */
  adminUser: (id: string) => [...ADMIN, 'users', id] as const,
  adminWithdrawalSettings: (id: string) => [...ADMIN, 'users', id, 'withdrawal-settings'] as const,
  adminUserCloseCheck: (id: string) => [...ADMIN, 'users', id, 'close-check'] as const,
  adminUserSessions: (id: string) => [...ADMIN, 'users', id, 'sessions'] as const,
  adminUserSecurity: (id: string) => [...ADMIN, 'users', id, 'security'] as const,
  /** The customer's maximum leverage and spread (the booking form's lot size limit). */
  adminUserTradingTerms: (id: string) => [...ADMIN, 'users', id, 'trading-terms'] as const,
  /** The Users tab's pages (a list place never equals a user id: it is an object). */
  adminUsers: pagedKeys([...ADMIN, 'users']),
  walletAddresses: [...ADMIN, 'wallet-addresses'],
  adminAudit: pagedKeys([...ADMIN, 'audit']),
  auditVerification: [...ADMIN, 'audit-verification'],
  staff: [...ADMIN, 'staff'],
  /** The Plans tab: every plan, on sale or not. */
  adminPlans: [...ADMIN, 'plans'],
  /** The Loan applications tab and one application. */
  adminLoanApplications: pagedKeys([...ADMIN, 'loan-applications']),
} as const;
