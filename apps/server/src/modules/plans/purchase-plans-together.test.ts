import { randomUUID } from 'node:crypto';
import { type PlanPurchase, PlanPurchaseSchema } from '@candor/contracts/plans';
import { formatDecimal } from '@candor/domain/money/money';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import {
  claimOf,
  describeOutcome,
  fundedActor,
  oneAfterTheOther,
  outcomeOf,
  staffActor,
  togetherDeps,
} from '../../test/group-commit.ts';
import { fund } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { type PlanRow, selectPlans } from './plans.repository.ts';
import { purchasePlan } from './plans.service.ts';
import {
  createPlanPurchaseGroup,
  type PlanPurchaseRequest,
  purchasePlansTogether,
} from './purchase-plans-together.ts';

const t = useTestApp();
const deps = () => togetherDeps(t);

/** The catalogue as installed (signal: Unlimited $500 … Diamond $4,000; trading: Zero $500 … Gold $5,000). */
async function catalogue(): Promise<Map<string, PlanRow>> {
  const rows = await selectPlans(t.db);
  return new Map(rows.map((row) => [`${row.kind} ${row.name}`, row]));
}

async function customer(cents: bigint, status: 'active' | 'suspended' = 'active'): Promise<Actor> {
  const actor = await fundedActor(t, cents);
  if (status !== 'active') await t.db.update(users).set({ status }).where(eq(users.id, actor.id));
  return actor;
}

function purchase(actor: Actor, plan: PlanRow | undefined, options: { key?: string; price?: string } = {}) {
  const planId = plan?.id ?? randomUUID();
  const input = { expectedPrice: options.price ?? formatDecimal(plan?.priceMinor ?? 100n) };
  return {
    actor,
    planId,
    input,
    claim: options.key
      ? claimOf(actor, options.key, 'POST /api/plans/:id/purchase', { params: { id: planId }, body: input })
      : undefined,
  } satisfies PlanPurchaseRequest;
}

function described(outcome: ItemOutcome<PlanPurchase> | undefined) {
  return describeOutcome(outcome, ({ name, kind, price, status, durationDays }) => ({
    name,
    kind,
    price,
    status,
    durationDays,
  }));
}

function buyAlone(request: PlanPurchaseRequest): Promise<PlanPurchase> {
  return deps().transactions.runIdempotent(request.claim, PlanPurchaseSchema, ({ tx, now }) =>
    purchasePlan({ tx, actor: request.actor, now, planId: request.planId, input: request.input }),
  );
}

const alone = (request: PlanPurchaseRequest) => outcomeOf(() => buyAlone(request));

async function cashOf(actor: Actor) {
  return (await selectBalanceFigures(t.db, actor.id)).available;
}

describe('plan purchases decided together (group commit)', () => {
  test('each purchase gets its own outcome: a refusal does not stop the others', async () => {
    const plans = await catalogue();
    const basic = plans.get('signal Basic');
    const gold = plans.get('signal Gold');
    const zero = plans.get('trading Zero');
    if (!basic || !gold || !zero) throw new Error('the installed catalogue');
    const rich = await customer(1_000_000n);
    const poor = await customer(60_000n);
    const suspended = await customer(1_000_000n, 'suspended');
    const upgrading = await customer(1_000_000n);
    const holding = await customer(1_000_000n);
    const staff = await staffActor(t);
    const wrongPrice = await customer(1_000_000n);
    const lost = await customer(1_000_000n);
    expect((await alone(purchase(upgrading, basic))).ok).toBe(true);
    expect((await alone(purchase(holding, gold))).ok).toBe(true);
    const outcomes = await purchasePlansTogether(deps(), [
      purchase(rich, zero),
      purchase(poor, basic),
      purchase(suspended, basic),
      purchase(upgrading, gold),
      purchase(holding, basic),
      purchase(staff, basic),
      purchase(wrongPrice, basic, { price: '999.00' }),
      purchase(lost, undefined),
    ]);
    expect(outcomes.map(described)).toEqual([
      expect.objectContaining({ name: 'Zero', kind: 'trading', price: '500.00', status: 'active' }),
      { refused: 'INSUFFICIENT_FUNDS', message: 'You need $400.00 more available cash to buy Basic.' },
      { refused: 'ACCOUNT_INACTIVE', message: expect.any(String) },
      expect.objectContaining({ name: 'Gold', kind: 'signal', status: 'active' }),
      { refused: 'PLAN_ALREADY_ACTIVE', message: expect.stringContaining('Gold is active until') },
      { refused: 'FORBIDDEN', message: 'Plans are bought by customer accounts.' },
      { refused: 'CONFLICT', message: expect.any(String) },
      { refused: 'NOT_FOUND', message: 'Plan not found' },
    ]);
    expect(await cashOf(rich)).toBe(950_000n);
    expect(await cashOf(poor)).toBe(60_000n);
    // Basic ($1,000) replaced by Gold ($3,000) at once: Basic's unused part comes back.
    expect(await cashOf(upgrading)).toBeGreaterThan(1_000_000n - 100_000n - 300_000n);
  });

  test('an account whose role changed after its session was read: the role under the lock decides, alone and in a batch', async () => {
    const plans = await catalogue();
    const basic = plans.get('signal Basic');
    // Read as a customer's, made staff since; read as staff, a customer's again since.
    const madeStaff = async () => {
      const actor = await customer(1_000_000n);
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, actor.id));
      return actor;
    };
    const madeCustomer = async (): Promise<Actor> => ({ ...(await customer(1_000_000n)), role: 'admin' });
    const [staffAlone, staffInBatch, customerAlone, customerInBatch] = await Promise.all([
      madeStaff(),
      madeStaff(),
      madeCustomer(),
      madeCustomer(),
    ]);
    const refused = { refused: 'FORBIDDEN', message: 'Plans are bought by customer accounts.' };
    expect(described(await alone(purchase(staffAlone, basic)))).toEqual(refused);
    expect((await alone(purchase(customerAlone, basic))).ok).toBe(true);
    const batched = await purchasePlansTogether(deps(), [
      purchase(staffInBatch, basic),
      purchase(customerInBatch, basic),
    ]);
    expect(described(batched[0])).toEqual(refused);
    expect(batched[1]?.ok).toBe(true);
    expect(await cashOf(staffAlone)).toBe(1_000_000n);
    expect(await cashOf(staffInBatch)).toBe(1_000_000n);
  });

  test('one customer’s purchases sent at once are never decided together: the second sees the first', async () => {
    const plans = await catalogue();
    const silver = plans.get('signal Silver');
    const enc = plans.get('trading Enc');
    if (!silver || !enc) throw new Error('the installed catalogue');
    const group = createPlanPurchaseGroup({ ...deps(), log: t.app.log });
    const buyer = await customer(1_000_000n);
    const others = await Promise.all([customer(1_000_000n), customer(1_000_000n)]);
    const answers = await Promise.allSettled([
      group.submit(purchase(buyer, silver, { key: 'p-1' })),
      group.submit(purchase(buyer, silver, { key: 'p-1' })),
      group.submit(purchase(buyer, silver, { key: 'p-2' })),
      ...others.map((other) => group.submit(purchase(other, enc))),
    ]);
    const values = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason));
    expect(values[1]).toEqual(values[0]);
    expect(values[2]).toMatchObject({ code: 'PLAN_ALREADY_ACTIVE' });
    expect(values[3]).toMatchObject({ name: 'Enc' });
    expect(await cashOf(buyer)).toBe(800_000n);
    expect(group.stats()).toMatchObject({ items: 5, failedBatches: 0 });
    expect(group.stats().batches).toBeGreaterThan(0);
  });

  test('a refused purchase releases its key: its retry, once the money is there, buys the plan', async () => {
    const plans = await catalogue();
    const basic = plans.get('signal Basic');
    if (!basic) throw new Error('the installed catalogue');
    const buyer = await customer(10_000n);
    const other = await customer(1_000_000n);
    const refused = await purchasePlansTogether(deps(), [
      purchase(buyer, basic, { key: 'p-3' }),
      purchase(other, basic),
    ]);
    expect(described(refused[0])).toMatchObject({ refused: 'INSUFFICIENT_FUNDS' });
    await fund(t.db, buyer.id, 100_000n);
    const retried = await purchasePlansTogether(deps(), [
      purchase(buyer, basic, { key: 'p-3' }),
      purchase(other, plans.get('signal Silver')),
    ]);
    expect(described(retried[0])).toMatchObject({ name: 'Basic', status: 'active' });
    expect(await cashOf(buyer)).toBe(10_000n);
  });

  test('decided together or one after the other, every purchase gets the same outcome and balances', async () => {
    const plans = await catalogue();
    const choices = [...plans.values()].filter((plan) => plan.kind !== 'loan');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cash: fc.constantFrom(0n, 60_000n, 250_000n, 1_000_000n),
            owned: fc.option(fc.integer({ min: 0, max: choices.length - 1 }), { nil: undefined }),
            buys: fc.option(fc.integer({ min: 0, max: choices.length - 1 }), { nil: undefined }),
            wrongPrice: fc.boolean(),
          }),
          { minLength: 2, maxLength: 5 },
        ),
        async (customers) => {
          const setUp = async () =>
            Promise.all(
              customers.map(async ({ cash, owned }) => {
                const plan = owned === undefined ? undefined : choices[owned];
                // The plan owned is paid from money of its own: `cash` is what is left.
                const actor = await customer(cash + (plan?.priceMinor ?? 0n));
                if (plan && !(await alone(purchase(actor, plan))).ok)
                  throw new Error('the owned plan was bought');
                return actor;
              }),
            );
          const build = (actors: Actor[]) =>
            customers.map(({ buys, wrongPrice }, index) =>
              purchase(actors[index] as Actor, buys === undefined ? undefined : choices[buys], {
                ...(wrongPrice ? { price: '1.00' } : {}),
              }),
            );
          const together = await setUp();
          const oneByOne = await setUp();
          const batched = await purchasePlansTogether(deps(), build(together));
          const single = await oneAfterTheOther(build(oneByOne), (request) => buyAlone(request));
          expect(batched.map(described)).toEqual(single.map(described));
          for (const [index, actor] of together.entries()) {
            expect(await cashOf(actor)).toBe(await cashOf(oneByOne[index] as Actor));
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
