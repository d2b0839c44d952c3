import {
  LOAN_PLAN_MESSAGES,
  PLAN_MESSAGES,
  PLAN_PRICE_MESSAGES,
  PlanListSchema,
  PlanSchema,
  type SavePlanRequest,
} from '@candor/contracts/plans';
import { findReturnPromise } from '@candor/domain/plans/return-promise';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
const support = useSignedInUser(t, { role: 'support' });
const client = useSignedInUser(t);

const newSignalPlan: SavePlanRequest = {
  kind: 'signal',
  name: 'Platinum',
  description: 'Computed ratings of 75 instruments on every interval, with rating alerts.',
  price: '3500.00',
  durationDays: 30,
  onSale: false,
  rank: 45,
  features: { kind: 'signal', instrumentCount: 75, intervals: ['1h', '4h', '1d'], alerts: true },
};

function create(body: object, as: Browser = admin.browser) {
  return as.request({ method: 'POST', url: '/api/admin/plans', payload: body });
}

function edit(id: string, body: object, as: Browser = admin.browser) {
  return as.request({ method: 'PUT', url: `/api/admin/plans/${id}`, payload: body });
}

async function allPlans() {
  const res = await admin.browser.request({ method: 'GET', url: '/api/admin/plans' });
  expect(res.statusCode).toBe(200);
  return PlanListSchema.parse(res.json()).items;
}

async function auditOf(action: string, targetId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.seq));
}

describe('staff edit the plan catalogue', () => {
  test('an administrator adds a plan that is not on sale: staff see it, customers do not; the addition is audited', async () => {
    const res = await create(newSignalPlan);
    expect(res.statusCode).toBe(200);
    const plan = PlanSchema.parse(res.json());
    expect(plan).toMatchObject({ name: 'Platinum', price: '3500.00', onSale: false, rank: 45 });
    expect((await allPlans()).map((p) => p.id)).toContain(plan.id);
    const onSale = PlanListSchema.parse(
      (await client.browser.request({ method: 'GET', url: '/api/plans?kind=signal' })).json(),
    ).items;
    expect(onSale.map((p) => p.id)).not.toContain(plan.id);
    const [audit] = await auditOf('plans.create', plan.id);
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'plan', before: null });
    expect(audit?.after).toMatchObject({ name: 'Platinum', price: '3500.00' });
  });

  test('an edit changes the plan and is audited with before and after', async () => {
    const basic = (await allPlans()).find((p) => p.kind === 'signal' && p.name === 'Basic');
    if (!basic) throw new Error('no Basic plan');
    const res = await edit(basic.id, { ...toSave(basic), price: '1100.00', onSale: true });
    expect(res.statusCode).toBe(200);
    expect(PlanSchema.parse(res.json()).price).toBe('1100.00');
    const [audit] = await auditOf('plans.update', basic.id);
    expect(audit?.before).toMatchObject({ price: '1000.00' });
    expect(audit?.after).toMatchObject({ price: '1100.00' });
    // Back to the seeded price for the other tests.
    expect((await edit(basic.id, { ...toSave(basic) })).statusCode).toBe(200);
  });

  test.each([
    ['name', { name: 'Guaranteed Gold' }, 'guaranteed'],
    ['description', { description: 'ROI 100%-150% a month' }, 'ROI'],
    ['description', { description: 'Earn 25% profit every week' }, 'x % profit'],
    ['name', { name: 'Gu\u0430ranteed Gold' }, 'guaranteed'], // a Cyrillic а
    ['name', { name: 'G\u200Buaranteed income' }, 'guaranteed'], // a zero-width space
    ['description', { description: 'Make 20 percent a day' }, 'x % a day'],
    ['description', { description: 'Double your money in 7 days' }, 'double your money'],
    ['description', { description: '100% safe investment, 3x payout' }, '100% safe'],
  ])('a %s promising a return is refused with 422 RETURN_PROMISE', async (_field, change, words) => {
    const res = await create({ ...newSignalPlan, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'RETURN_PROMISE', message: PLAN_MESSAGES.returnPromise(words) });
    const plan = (await allPlans()).find((p) => p.kind === 'trading');
    if (!plan) throw new Error('no trading plan');
    const edited = await edit(plan.id, { ...toSave(plan), ...change });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().code).toBe('RETURN_PROMISE');
    expect((await allPlans()).find((p) => p.id === plan.id)?.updatedAt).toBe(plan.updatedAt);
  });

  test("the seeded plans pass the check, and a loan's yearly rate is not a return", async () => {
    for (const plan of await allPlans()) {
      expect(findReturnPromise(plan.name), plan.name).toBeUndefined();
      expect(findReturnPromise(plan.description), plan.description).toBeUndefined();
    }
    const res = await create({
      ...newSignalPlan,
      kind: 'loan',
      name: 'Level 0',
      description: 'Loan of $5,000 at 12% a year for 90 days',
      price: null,
      durationDays: 90,
      features: { kind: 'loan', amount: '5000.00', annualInterestPercent: '12.00', minimumPortfolio: '0.00' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('a loan plan lending nothing or less, or asking for a negative portfolio, is refused (400) and nothing is stored', async () => {
    const before = await allPlans();
    const loanPlan = {
      ...newSignalPlan,
      kind: 'loan',
      name: 'Level 9',
      description: '',
      price: null,
      features: { kind: 'loan', amount: '500.00', annualInterestPercent: '12.17', minimumPortfolio: '0.00' },
    };
    for (const [features, message] of [
      [{ amount: '-500.00' }, `features.amount: ${LOAN_PLAN_MESSAGES.amountNotPositive}`],
      [{ amount: '0.00' }, `features.amount: ${LOAN_PLAN_MESSAGES.amountNotPositive}`],
      [
        { minimumPortfolio: '-1.00' },
        `features.minimumPortfolio: ${LOAN_PLAN_MESSAGES.minimumPortfolioNegative}`,
      ],
    ] as const) {
      const res = await create({ ...loanPlan, features: { ...loanPlan.features, ...features } });
      expect(res.statusCode, JSON.stringify(features)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    const level1 = before.find((p) => p.kind === 'loan' && p.name === 'Level 1');
    if (level1?.features.kind !== 'loan') throw new Error('no Level 1 plan');
    const edited = await edit(level1.id, {
      ...toSave(level1),
      features: { ...level1.features, amount: '-500.00' },
    });
    expect(edited.statusCode).toBe(400);
    expect(await allPlans()).toEqual(before);

    // A valid loan plan is still added, shown to customers and applied for.
    const added = await create({ ...loanPlan, onSale: true });
    expect(added.statusCode, added.body).toBe(200);
    const plan = PlanSchema.parse(added.json());
    const onSale = PlanListSchema.parse(
      (await client.browser.request({ method: 'GET', url: '/api/plans?kind=loan' })).json(),
    ).items;
    expect(onSale.find((p) => p.id === plan.id)?.features).toMatchObject({ amount: '500.00' });
    const applied = await client.browser.post('/api/loan-applications', {
      planId: plan.id,
      fullName: 'Ada Lovelace',
      monthlyIncome: '12500.00',
      goal: 'Trade larger positions on EURUSD',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'pending' });
  });

  test('a price above $1,000,000,000.00 is refused (400, under the price) on add and edit, and nothing is stored', async () => {
    const before = await allPlans();
    const silver = before.find((p) => p.kind === 'signal' && p.name === 'Silver');
    if (!silver) throw new Error('no Silver plan');
    for (const price of ['999999999999999999.00', '99999999999999.00', '1000000000.01']) {
      const added = await create({ ...newSignalPlan, price });
      expect(added.statusCode, price).toBe(400);
      expect(added.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: `price: ${PLAN_PRICE_MESSAGES.tooLarge}`,
      });
      const edited = await edit(silver.id, { ...toSave(silver), price });
      expect(edited.statusCode, price).toBe(400);
      expect(edited.json().message).toBe(`price: ${PLAN_PRICE_MESSAGES.tooLarge}`);
    }
    expect(await allPlans()).toEqual(before);
    // The largest amount any money form takes is a plan's price too.
    const largest = await edit(silver.id, { ...toSave(silver), price: '1000000000.00' });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(PlanSchema.parse(largest.json()).price).toBe('1000000000.00');
    expect((await edit(silver.id, toSave(silver))).statusCode).toBe(200);
  });

  test("a plan's kind cannot change on edit", async () => {
    const zero = (await allPlans()).find((p) => p.kind === 'trading' && p.name === 'Zero');
    if (!zero) throw new Error('no Zero package');
    const res = await edit(zero.id, newSignalPlan);
    expect(res.statusCode).toBe(400);
    expect((await allPlans()).find((p) => p.id === zero.id)?.kind).toBe('trading');
  });

  test('features of another kind, a loan with a price, and a plan without a price are refused (400)', async () => {
    expect((await create({ ...newSignalPlan, kind: 'trading' })).statusCode).toBe(400);
    expect((await create({ ...newSignalPlan, price: null })).statusCode).toBe(400);
    expect(
      (
        await create({
          ...newSignalPlan,
          kind: 'loan',
          features: {
            kind: 'loan',
            amount: '1000.00',
            annualInterestPercent: '10',
            minimumPortfolio: '1.00',
          },
        })
      ).statusCode,
    ).toBe(400);
  });

  test('editing an unknown plan is 404', async () => {
    expect((await edit(crypto.randomUUID(), newSignalPlan)).statusCode).toBe(404);
  });

  test('only roles with plans.manage read and edit the catalogue', async () => {
    for (const as of [support.browser, client.browser]) {
      expect((await as.request({ method: 'GET', url: '/api/admin/plans' })).statusCode).toBe(403);
      expect((await create(newSignalPlan, as)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/plans' })).statusCode).toBe(401);
  });
});

function toSave(plan: ReturnType<typeof PlanSchema.parse>): SavePlanRequest {
  const { id: _id, updatedAt: _updatedAt, ...rest } = plan;
  return rest;
}
