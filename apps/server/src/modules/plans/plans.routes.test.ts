import { PlanListSchema } from '@candor/contracts/plans';
import { describe, expect, test } from 'vitest';
import { insertUser, signInAs } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/plans', () => {
  test('a customer reads the seeded catalogue: five signal plans, four trading packages, two loan plans without a return', async () => {
    const customer = await signInAs(t.app, t.db, await insertUser(t.db));
    const all = PlanListSchema.parse((await customer.request({ method: 'GET', url: '/api/plans' })).json());
    expect(all.items.filter((plan) => plan.kind === 'signal').map((plan) => plan.name)).toEqual([
      'Unlimited',
      'Basic',
      'Silver',
      'Gold',
      'Diamond',
    ]);
    // Seed §9: "all 10+ pairs, leverage up to 1:500", with each package's own spreads.
    expect(
      all.items
        .filter((plan) => plan.kind === 'trading')
        .map((plan) => [
          plan.name,
          plan.price,
          plan.features.kind === 'trading' && plan.features.maxLeverage,
        ]),
    ).toEqual([
      ['Zero', '500.00', 500],
      ['Enc', '1500.00', 500],
      ['Raw', '2500.00', 500],
      ['Gold', '5000.00', 500],
    ]);
    const loans = PlanListSchema.parse(
      (await customer.request({ method: 'GET', url: '/api/plans?kind=loan' })).json(),
    ).items;
    expect(loans.map((plan) => [plan.name, plan.price, plan.durationDays, plan.features])).toEqual([
      [
        'Level 1',
        null,
        25,
        { kind: 'loan', amount: '2000000.00', annualInterestPercent: '12.17', minimumPortfolio: '350000.00' },
      ],
      [
        'Level 2',
        null,
        90,
        { kind: 'loan', amount: '5000000.00', annualInterestPercent: '12.17', minimumPortfolio: '500000.00' },
      ],
    ]);
    expect(JSON.stringify(all)).not.toMatch(/ROI|guarantee|profit/i);
  });

  test('the catalogue is for signed-in people', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(401);
  });
});
