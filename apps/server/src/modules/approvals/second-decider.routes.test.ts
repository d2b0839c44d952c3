/**
 * Four-eyes means two people (docs/decisions/053, "Four-eyes means two people"): a request above the
 * threshold waits only when another active staff member with two-factor on holds a role that
 * decides its kind;
 * otherwise it is carried out at once, and its answer and audit row say `fourEyes:
 * 'no_second_decider'`. Each kind, with the maker alone and with a second decider. On PGlite by
 * default; on PostgreSQL with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run --project server apps/server/src/modules/approvals/second-decider.routes.test.ts
 */
import type { CandlesResponse } from '@candor/contracts/market';
import type { StaffRole } from '@candor/contracts/staff';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { selectRows } from '../../db/select-rows.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { assignRole } from '../staff/staff.service.ts';
import { insertDeskCustomer, useFixedQuotes } from '../trades/trade-test-helpers.ts';
import { STAFF_ROLES_LOCK_KEY } from '../users/users.repository.ts';
import { requireLockedUser } from '../users/users.service.ts';
import { findWalletAddress } from '../wallets/wallets.repository.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';

const t = useTestApp();
useFixedQuotes(t, { BTCUSD: '67234.12' });
const owner = useSignedInUser(t, { role: 'owner', name: 'Olivia Owner' });
/** The only other staff member: given a role per test (support decides nothing). */
const colleague = useSignedInUser(t, { role: 'support', name: 'Colin Colleague' });

async function giveColleague(role: StaffRole | 'client', status: 'active' | 'closed' = 'active') {
  await t.db.update(users).set({ role, status }).where(eq(users.id, colleague.user.id));
}

const NOW_MINUTE = Math.floor(Date.now() / 60_000) * 60;
const OPEN_MINUTE = NOW_MINUTE - 3 * 3600;
const CLOSE_MINUTE = NOW_MINUTE - 2 * 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const ADDRESSES = [
  {
    bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  },
  {
    bitcoin: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    ethereum: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    usdt: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  },
] as const;

beforeEach(async () => {
  await t.db.delete(approvals);
  await requireSiteSettings(t.db);
  // The default: $1,000.
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 100_000n }).where(eq(siteSettings.id, 1));
  await setWithdrawalLimits(t.db, 0n, 0);
  await giveColleague('support');
  // The desk booking's minutes: 67050 and 68050 lie within them.
  vi.spyOn(t.app.market, 'readCandles').mockImplementation(async (symbol, query) => {
    const ranges: Record<number, [string, string]> = {
      [OPEN_MINUTE]: ['67000.00', '67100.00'],
      [CLOSE_MINUTE]: ['68000.00', '68100.00'],
    };
    const range = query.from !== undefined ? ranges[query.from] : undefined;
    const response: CandlesResponse = {
      symbol,
      interval: query.interval,
      source: 'simulated',
      candles: range
        ? [{ time: query.from ?? 0, open: range[0], high: range[1], low: range[0], close: range[1] }]
        : [],
    };
    return response;
  });
});

type Made = {
  res: LightMyRequestResponse;
  /** Whether the answer says it waits for a second approval. */
  waits: boolean;
  /** The audit action of the request carried out. */
  action: string;
  /** Whether it took effect (read from the database, not from the answer). */
  tookEffect: () => Promise<boolean>;
};

/** The owner makes one request of each kind, each above the $1,000 threshold. */
const REQUESTS = {
  adjustment: async (): Promise<Made> => {
    const customer = await insertFundedCustomer(t, 0n);
    const res = await owner.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'credit',
      amount: '5000.00',
      reason: 'Goodwill credit after outage',
    });
    return {
      res,
      waits: res.json().state === 'awaiting_approval',
      action: 'user.adjustment',
      tookEffect: async () => {
        const read = await owner.browser.request({
          method: 'GET',
          url: `/api/admin/users/${customer.user.id}`,
        });
        return read.json().balances.available === '5000.00';
      },
    };
  },
  wallet_change: async (): Promise<Made> => {
    const next = (await findWalletAddress(t.db, 'bitcoin')) === ADDRESSES[0].bitcoin ? 1 : 0;
    const res = await owner.browser.request({
      method: 'PUT',
      url: '/api/admin/wallet-addresses',
      payload: { ...ADDRESSES[next], reason: 'Opening the platform' },
    });
    return {
      res,
      waits: res.json().state === 'awaiting_approval',
      action: 'wallets.update',
      tookEffect: async () => (await findWalletAddress(t.db, 'bitcoin')) === ADDRESSES[next].bitcoin,
    };
  },
  four_eyes_threshold: async (): Promise<Made> => {
    const res = await owner.browser.request({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: {
        siteName: 'Northwind Markets',
        minWithdrawal: '0',
        withdrawalPercent: '0',
        fourEyesThreshold: '0',
        fourEyesReason: 'A one-person install',
      },
    });
    return {
      res,
      waits: res.json().thresholdChange === 'awaiting_approval',
      action: 'settings.update',
      tookEffect: async () => (await requireSiteSettings(t.db)).fourEyesThresholdMinor === 0n,
    };
  },
  withdrawal_approval: async (): Promise<Made> => {
    const customer = await insertFundedCustomer(t, 1_000_000n);
    const asked = await requestWithdrawal(customer.browser, { amount: '4000', ...PAYOUTS.bank });
    expect(asked.json().status, asked.body).toBe('pending');
    const id: string = asked.json().id;
    const res = await owner.browser.post(`/api/admin/withdrawals/${id}/approve`, {
      reason: 'Customer confirmed by phone',
    });
    return {
      res,
      waits: res.json().awaitingApproval !== null,
      action: 'withdrawal.approve',
      tookEffect: async () => {
        const read = await owner.browser.request({ method: 'GET', url: `/api/admin/withdrawals/${id}` });
        return read.json().status === 'approved';
      },
    };
  },
  desk_trade: async (): Promise<Made> => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    // BUY BTCUSD ×100, $5,000, 67050 → 68050: a result of about $7,457.
    const res = await owner.browser.post(`/api/admin/users/${customer.user.id}/trades`, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '5000',
      lotSize: '100',
      openedAt: iso(OPEN_MINUTE + 15),
      openPrice: '67050.00',
      closedAt: iso(CLOSE_MINUTE + 42),
      closePrice: '68050.00',
      reason: 'Executed by phone on your instruction of Monday',
    });
    return {
      res,
      waits: res.json().state === 'awaiting_approval',
      action: 'trade.book',
      tookEffect: async () => {
        const read = await customer.browser.request({ method: 'GET', url: '/api/desk-trades' });
        return read.json().total === 1;
      },
    };
  },
} as const;

const KINDS = Object.keys(REQUESTS) as Array<keyof typeof REQUESTS>;

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return row;
}

describe('the owner alone: a request above the threshold is carried out at once, and says why', () => {
  test.each(KINDS)('%s', async (kind) => {
    const made = await REQUESTS[kind]();
    expect(made.res.statusCode, made.res.body).toBe(200);
    expect(made.waits).toBe(false);
    expect(made.res.json().fourEyes).toBe('no_second_decider');
    expect(await made.tookEffect()).toBe(true);
    expect(await t.db.select().from(approvals)).toHaveLength(0);
    const audit = await lastAudit(made.action);
    expect(audit).toMatchObject({ actorId: owner.user.id, approverId: null });
    expect(audit?.after).toMatchObject({ fourEyes: 'no_second_decider' });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

describe('with a second staff member who can decide it, the request waits', () => {
  test.each(KINDS)('%s', async (kind) => {
    await giveColleague('admin');
    const made = await REQUESTS[kind]();
    expect(made.res.statusCode, made.res.body).toBe(200);
    expect(made.waits).toBe(true);
    expect(made.res.json().fourEyes ?? null).toBeNull();
    expect(await made.tookEffect()).toBe(false);
    expect(await t.db.select().from(approvals).where(eq(approvals.kind, kind))).toHaveLength(1);
  });
});

describe('who counts as a second decider', () => {
  test('an accountant decides money requests but not settings: the adjustment waits, the address change does not', async () => {
    await giveColleague('accountant');
    const adjustment = await REQUESTS.adjustment();
    expect(adjustment.waits).toBe(true);
    const wallets = await REQUESTS.wallet_change();
    expect(wallets.res.json()).toMatchObject({ state: 'applied', fourEyes: 'no_second_decider' });
  });

  test('a closed account and a customer do not count; the maker never counts for their own request', async () => {
    await giveColleague('admin', 'closed');
    expect((await REQUESTS.adjustment()).res.json().fourEyes).toBe('no_second_decider');
    await giveColleague('client');
    expect((await REQUESTS.adjustment()).res.json().fourEyes).toBe('no_second_decider');
  });

  test('a colleague without two-factor does not count (no staff page opens for them) until they turn it on', async () => {
    await giveColleague('admin');
    await t.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, colleague.user.id));
    try {
      expect((await REQUESTS.adjustment()).res.json().fourEyes).toBe('no_second_decider');
      const read = await owner.browser.request({
        method: 'GET',
        url: '/api/admin/approvals/second-deciders',
      });
      expect(read.json().kinds.adjustment).toBe(false);
    } finally {
      await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, colleague.user.id));
    }
    expect((await REQUESTS.adjustment()).waits).toBe(true);
  });

  test('below the threshold nothing is counted or marked', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const res = await owner.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'credit',
      amount: '10.00',
      reason: 'Fee refund',
    });
    expect(res.json()).toMatchObject({ state: 'completed', fourEyes: null });
    expect((await lastAudit('user.adjustment'))?.after).not.toHaveProperty('fourEyes');
  });

  test('the Settings page and the Approvals tab read, per kind, whether someone else could decide it', async () => {
    const read = () => owner.browser.request({ method: 'GET', url: '/api/admin/approvals/second-deciders' });
    expect((await read()).json()).toEqual({
      kinds: {
        adjustment: false,
        withdrawal_approval: false,
        wallet_change: false,
        four_eyes_threshold: false,
        desk_trade: false,
        identity_for_withdrawals: false,
        unverified_limits: false,
      },
    });
    await giveColleague('accountant');
    expect((await read()).json()).toEqual({
      kinds: {
        adjustment: true,
        withdrawal_approval: true,
        wallet_change: false,
        four_eyes_threshold: false,
        desk_trade: true,
        identity_for_withdrawals: false,
        unverified_limits: false,
      },
    });
    const asSupport = await colleague.browser.request({
      method: 'GET',
      url: '/api/admin/approvals/second-deciders',
    });
    await giveColleague('support');
    expect(asSupport.statusCode).toBe(200); // an accountant holds approvals.decide
    expect(
      (await colleague.browser.request({ method: 'GET', url: '/api/admin/approvals/second-deciders' }))
        .statusCode,
    ).toBe(403);
  });
});

/**
 * Until the owner's request is blocked on the staff roles' lock (PostgreSQL: it shows in pg_locks as
 * not granted). PGlite runs one transaction at a time: the request waits for the whole transaction.
 */
async function untilWaitingOnStaffRoles(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  for (let tries = 0; tries < 200; tries += 1) {
    const rows = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_locks
           where locktype = 'advisory' and objid = ${STAFF_ROLES_LOCK_KEY} and not granted`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the request never waited for the role change');
}

describe('a role changed while a request is made (run it on PostgreSQL)', () => {
  test.each([
    {
      what: 'a second admin added: the request waits for the change, then for the admin',
      from: 'client',
      to: 'admin',
      waits: true,
    },
    {
      what: 'the only other admin removed: the request waits for the change, then is carried out',
      from: 'admin',
      to: 'client',
      waits: false,
    },
  ] as const)('$what', async ({ from, to, waits }) => {
    await giveColleague(from);
    const customer = await insertFundedCustomer(t, 0n);
    let answer: Promise<LightMyRequestResponse> | undefined;
    await t.db.transaction(async (tx) => {
      const user = await requireLockedUser(tx, colleague.user.id);
      await assignRole({ tx, actor: { id: owner.user.id, role: 'owner' }, now: new Date(), user, role: to });
      answer = owner.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
        direction: 'credit',
        amount: '5000.00',
        reason: 'Goodwill credit after outage',
      });
      await untilWaitingOnStaffRoles();
    });
    const res = await answer;
    expect(res?.statusCode, res?.body).toBe(200);
    expect(res?.json()).toMatchObject(
      waits
        ? { state: 'awaiting_approval', fourEyes: null }
        : { state: 'completed', fourEyes: 'no_second_decider' },
    );
  });
});
