import {
  MyPlansSchema,
  PLAN_MESSAGES,
  type Plan,
  PlanListSchema,
  PlanPurchaseSchema,
} from '@candor/contracts/plans';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { journalEntries } from '../../db/schema/ledger.ts';
import { planPurchases } from '../../db/schema/plans.ts';
import { insertUser, signInAs, useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { findActivePlans } from './plans.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = createManualClock(new Date());
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });

let catalogue: Plan[] = [];
async function plan(kind: 'signal' | 'trading', name: string): Promise<Plan> {
  if (catalogue.length === 0) {
    const res = await admin.browser.request({ method: 'GET', url: '/api/admin/plans' });
    catalogue = PlanListSchema.parse(res.json()).items;
  }
  const found = catalogue.find((p) => p.kind === kind && p.name === name);
  if (!found) throw new Error(`no ${kind} plan ${name}`);
  return found;
}

function buy(as: Browser, target: Plan, key: string = crypto.randomUUID(), expectedPrice = target.price) {
  return as.post(`/api/plans/${target.id}/purchase`, { expectedPrice }, key);
}

async function cash(userId: string): Promise<bigint> {
  return (await selectBalanceFigures(t.db, userId)).available;
}

async function mine(as: Browser) {
  const res = await as.request({ method: 'GET', url: '/api/plans/mine' });
  expect(res.statusCode).toBe(200);
  return MyPlansSchema.parse(res.json());
}

describe('a customer buys a plan from the balance', () => {
  test('buying Basic moves $1,000.00 to plan revenue, keeps a copy of the terms and shows it active', async () => {
    const { user, browser } = await insertFundedCustomer(t, 150_000n);
    const basic = await plan('signal', 'Basic');
    const res = await buy(browser, basic);
    expect(res.statusCode, res.body).toBe(200);
    const purchase = PlanPurchaseSchema.parse(res.json());
    expect(purchase).toMatchObject({
      planId: basic.id,
      kind: 'signal',
      name: 'Basic',
      price: '1000.00',
      durationDays: 30,
      status: 'active',
      features: basic.features,
      expiresAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
    });
    expect(await cash(user.id)).toBe(50_000n);
    const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.userId, user.id));
    expect(entries.map((e) => [e.kind, e.description])).toContainEqual([
      'plan_purchase',
      'Plan purchase: Basic',
    ]);
    expect(await mine(browser)).toEqual({ active: [purchase], past: [] });
    const active = await findActivePlans(t.db, user.id, clock.now());
    expect(active.signal?.features).toEqual(basic.features);
    expect(active.trading).toBeUndefined();
    await assertLedgerConsistent(t.db);
  });

  test('without enough available cash: 422 INSUFFICIENT_FUNDS naming the missing amount, nothing bought', async () => {
    const { user, browser } = await insertFundedCustomer(t, 30_000n);
    const res = await buy(browser, await plan('trading', 'Zero'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'You need $200.00 more available cash to buy Zero.',
    });
    expect(await cash(user.id)).toBe(30_000n);
    expect(await mine(browser)).toEqual({ active: [], past: [] });
  });

  test('a price that changed since the customer confirmed it is 409 CONFLICT; nothing is charged', async () => {
    const { user, browser } = await insertFundedCustomer(t, 500_000n);
    const res = await buy(browser, await plan('signal', 'Silver'), undefined, '1500.00');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: PLAN_MESSAGES.priceChanged });
    expect(await cash(user.id)).toBe(500_000n);
  });

  test('a loan plan, a plan not on sale and an unknown plan cannot be bought', async () => {
    const { browser } = await insertFundedCustomer(t, 10_000_000n);
    const loans = PlanListSchema.parse(
      (await browser.request({ method: 'GET', url: '/api/plans?kind=loan' })).json(),
    ).items;
    const loan = loans[0];
    if (!loan) throw new Error('no loan plan');
    const refused = await browser.post(
      `/api/plans/${loan.id}/purchase`,
      { expectedPrice: '1.00' },
      crypto.randomUUID(),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'PLAN_NOT_ON_SALE', message: PLAN_MESSAGES.notOnSale });

    const created = await admin.browser.request({
      method: 'POST',
      url: '/api/admin/plans',
      payload: {
        kind: 'trading',
        name: 'Closed package',
        description: '',
        price: '10.00',
        durationDays: 30,
        onSale: false,
        rank: 99,
        features: { kind: 'trading', maxLeverage: 100, forexSpreadPips: '2', otherSpreadPercent: '0.2' },
      },
    });
    expect(created.statusCode).toBe(200);
    const closed = await buy(browser, created.json());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('PLAN_NOT_ON_SALE');
    const unknown = await browser.post(
      `/api/plans/${crypto.randomUUID()}/purchase`,
      { expectedPrice: '10.00' },
      crypto.randomUUID(),
    );
    expect(unknown.statusCode).toBe(404);
  });

  test('a suspended account and staff cannot buy', async () => {
    const { browser } = await insertFundedCustomer(t, 500_000n, { status: 'suspended' });
    const suspended = await buy(browser, await plan('signal', 'Basic'));
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('ACCOUNT_INACTIVE');
    const staff = await buy(admin.browser, await plan('signal', 'Basic'));
    expect(staff.statusCode).toBe(403);
  });

  test('a retry with the same Idempotency-Key buys once', async () => {
    const { user, browser } = await insertFundedCustomer(t, 300_000n);
    const zero = await plan('trading', 'Zero');
    const key = crypto.randomUUID();
    const first = await buy(browser, zero, key);
    const second = await buy(browser, zero, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await cash(user.id)).toBe(250_000n);
    expect(await t.db.select().from(planPurchases).where(eq(planPurchases.userId, user.id))).toHaveLength(1);
  });

  test('two racing purchases with the balance for one buy once', async () => {
    const { user, browser } = await insertFundedCustomer(t, 150_000n);
    const [basic, enc] = [await plan('signal', 'Basic'), await plan('trading', 'Enc')];
    const results = await Promise.all([buy(browser, basic), buy(browser, enc)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await t.db.select().from(planPurchases).where(eq(planPurchases.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await cash(user.id)).toBe(150_000n - (rows[0]?.priceMinor ?? 0n));
    await assertLedgerConsistent(t.db);
  });

  test('two racing purchases of the same plan with money for both buy once (one current plan per kind)', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    const basic = await plan('signal', 'Basic');
    const results = await Promise.all([buy(browser, basic), buy(browser, basic), buy(browser, basic)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('PLAN_ALREADY_ACTIVE');
    expect(await cash(user.id)).toBe(900_000n);
    await assertLedgerConsistent(t.db);
  });
});

describe('customers buying the same plan at once', () => {
  test('each buys it once, and the plan revenue receives every price', async () => {
    const basic = await plan('signal', 'Basic');
    const buyers = await Promise.all(Array.from({ length: 6 }, () => insertFundedCustomer(t, 150_000n)));
    const results = await Promise.all(buyers.map(({ browser }) => buy(browser, basic)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    for (const { user } of buyers) {
      expect(await cash(user.id)).toBe(50_000n);
      expect(await t.db.select().from(planPurchases).where(eq(planPurchases.userId, user.id))).toHaveLength(
        1,
      );
    }
    await assertLedgerConsistent(t.db);
  });
});

describe('one current plan per kind', () => {
  test('the same or a lower rank while one is active is 409 PLAN_ALREADY_ACTIVE, saying until when', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    const silver = await plan('signal', 'Silver');
    expect((await buy(browser, silver)).statusCode).toBe(200);
    for (const target of [silver, await plan('signal', 'Basic'), await plan('signal', 'Unlimited')]) {
      const res = await buy(browser, target);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PLAN_ALREADY_ACTIVE');
      expect(res.json().message).toMatch(
        /^Silver is active until [A-Z][a-z]{2} \d{1,2}, \d{4}\. Only a higher plan/,
      );
    }
    expect(await cash(user.id)).toBe(800_000n);
  });

  test('a higher rank replaces the active plan and credits its unused days, rounded down to the cent', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    const basic = await plan('signal', 'Basic');
    const gold = await plan('signal', 'Gold');
    const first = PlanPurchaseSchema.parse((await buy(browser, basic)).json());
    clock.advance(10 * DAY);
    try {
      const res = await buy(browser, gold);
      expect(res.statusCode, res.body).toBe(200);
      // 20 of 30 days unused of $1,000.00: $666.666… → $666.66.
      expect(await cash(user.id)).toBe(1_000_000n - 100_000n + 66_666n - 300_000n);
      const plans = await mine(browser);
      expect(plans.active.map((p) => p.name)).toEqual(['Gold']);
      expect(plans.past).toEqual([
        expect.objectContaining({ id: first.id, status: 'replaced', replacementCredit: '666.66' }),
      ]);
      const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.userId, user.id));
      expect(entries.map((e) => e.description)).toContain('Unused days credited: Basic');
      const [old] = await t.db.select().from(planPurchases).where(eq(planPurchases.id, first.id));
      expect(old?.replacedByPurchaseId).toBe(res.json().id);
      expect((await findActivePlans(t.db, user.id, clock.now())).signal?.features).toEqual(gold.features);
      await assertLedgerConsistent(t.db);
    } finally {
      clock.advance(-10 * DAY);
    }
  });

  test('replacing a plan without an end date credits nothing', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    expect((await buy(browser, await plan('signal', 'Unlimited'))).statusCode).toBe(200);
    const res = await buy(browser, await plan('signal', 'Basic'));
    expect(res.statusCode).toBe(200);
    expect(await cash(user.id)).toBe(1_000_000n - 50_000n - 100_000n);
    expect((await mine(browser)).past[0]).toMatchObject({
      name: 'Unlimited',
      status: 'replaced',
      replacementCredit: '0.00',
    });
  });

  test('an expired plan stops giving its features; buying again (any rank) ends it and it stays shown as expired', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    const silver = await plan('signal', 'Silver');
    const first = PlanPurchaseSchema.parse((await buy(browser, silver)).json());
    clock.advance(30 * DAY);
    try {
      expect((await findActivePlans(t.db, user.id, clock.now())).signal).toBeUndefined();
      const browserNow = await signInAs(t.app, t.db, user);
      expect(await mine(browserNow)).toEqual({ active: [], past: [{ ...first, status: 'expired' }] });
      const res = await buy(browserNow, await plan('signal', 'Basic'));
      expect(res.statusCode, res.body).toBe(200);
      expect(await cash(user.id)).toBe(1_000_000n - 200_000n - 100_000n);
      const plans = await mine(browserNow);
      expect(plans.active.map((p) => p.name)).toEqual(['Basic']);
      expect(plans.past).toEqual([
        expect.objectContaining({ id: first.id, status: 'expired', replacementCredit: null }),
      ]);
    } finally {
      clock.advance(-30 * DAY);
    }
  });
});

describe('editing a plan never changes what was bought', () => {
  test('a price, name and feature edit leaves an earlier purchase with its copy of the terms', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    const raw = await plan('trading', 'Raw');
    const bought = PlanPurchaseSchema.parse((await buy(browser, raw)).json());
    const { id, updatedAt: _u, ...terms } = raw;
    const edited = await admin.browser.request({
      method: 'PUT',
      url: `/api/admin/plans/${id}`,
      payload: {
        ...terms,
        name: 'Raw Plus',
        price: '2600.00',
        durationDays: 60,
        features: { kind: 'trading', maxLeverage: 400, forexSpreadPips: '0.5', otherSpreadPercent: '0.05' },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await mine(browser)).active).toEqual([bought]);
    expect((await findActivePlans(t.db, user.id, clock.now())).trading?.features).toEqual(raw.features);
    // The customer who confirmed the old price is refused rather than charged the new one.
    const other = await insertFundedCustomer(t, 1_000_000n);
    expect((await buy(other.browser, raw)).statusCode).toBe(409);
  });
});

describe('staff read a customer’s plans', () => {
  test('customers.read roles see them; a client does not; an unknown user is 404', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_000_000n);
    expect((await buy(browser, await plan('trading', 'Gold'))).statusCode).toBe(200);
    const support = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'support' }));
    const res = await support.request({ method: 'GET', url: `/api/admin/users/${user.id}/plans` });
    expect(res.statusCode).toBe(200);
    expect(MyPlansSchema.parse(res.json()).active.map((p) => [p.kind, p.name])).toEqual([
      ['trading', 'Gold'],
    ]);
    expect(
      (await browser.request({ method: 'GET', url: `/api/admin/users/${user.id}/plans` })).statusCode,
    ).toBe(403);
    expect((await support.request({ method: 'GET', url: '/api/admin/users/nobody/plans' })).statusCode).toBe(
      404,
    );
    await assertLedgerConsistent(t.db);
  });
});
