import type { AdminUser } from '@candor/contracts/admin-users';
import type { Balances } from '@candor/contracts/ledger';

/** $1,000.00 deposited, all of it available; override what the test is about. */
export function buildBalances(overrides: Partial<Balances> = {}): Balances {
  return {
    available: '1000.00',
    reserved: '0.00',
    total: '1000.00',
    deposits: '1000.00',
    profit: '0.00',
    owed: '0.00',
    withdrawable: '1000.00',
    ...overrides,
  };
}

/**
 * Grace Hopper (user-42) as GET /api/admin/users/{id} answers: an active client with the balances
 * above and no ledger entries yet; override what the test is about.
 */
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'user-42',
    fullName: 'Grace Hopper',
    username: 'grace',
    email: 'grace@example.com',
    status: 'active',
    statusReason: null,
    role: 'client',
    identityStatus: 'unverified',
    createdAt: '2026-01-15T09:30:00.000Z',
    balances: buildBalances(),
    recentEntries: { items: [], page: 1, pageCount: 0, total: 0 },
    recentSignIns: [],
    ...overrides,
  };
}
