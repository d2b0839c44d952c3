import { describe, expect, test } from 'vitest';
import { LOAN_PLAN_MESSAGES, type SavePlanRequest, SavePlanRequestSchema } from './plans.ts';

const LOAN_PLAN: SavePlanRequest = {
  kind: 'loan',
  name: 'Level 1',
  description: 'Borrowed money can be traded but not withdrawn; it is repaid from your cash balance.',
  price: null,
  durationDays: 25,
  onSale: true,
  rank: 10,
  features: {
    kind: 'loan',
    amount: '2000000.00',
    annualInterestPercent: '12.17',
    minimumPortfolio: '350000.00',
  },
};

function issuesOf(features: Partial<{ amount: string; minimumPortfolio: string }>) {
  const parsed = SavePlanRequestSchema.safeParse({
    ...LOAN_PLAN,
    features: { ...LOAN_PLAN.features, ...features },
  });
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('a loan plan’s amounts', () => {
  test('the seeded Level 1 plan is valid, and so is a plan asking for no portfolio', () => {
    expect(issuesOf({})).toEqual([]);
    expect(issuesOf({ minimumPortfolio: '0.00' })).toEqual([]);
  });

  test.each([
    [{ amount: '-500.00' }, 'features.amount', LOAN_PLAN_MESSAGES.amountNotPositive],
    [{ amount: '0.00' }, 'features.amount', LOAN_PLAN_MESSAGES.amountNotPositive],
    [{ amount: '-0.00' }, 'features.amount', LOAN_PLAN_MESSAGES.amountNotPositive],
    [{ amount: '1000000000.01' }, 'features.amount', LOAN_PLAN_MESSAGES.amountTooLarge],
    [{ minimumPortfolio: '-1.00' }, 'features.minimumPortfolio', LOAN_PLAN_MESSAGES.minimumPortfolioNegative],
    [{ minimumPortfolio: '-0.00' }, 'features.minimumPortfolio', LOAN_PLAN_MESSAGES.minimumPortfolioNegative],
    [
      { minimumPortfolio: '1000000000.01' },
      'features.minimumPortfolio',
      LOAN_PLAN_MESSAGES.minimumPortfolioTooLarge,
    ],
  ])('%j is refused on %s: %s', (features, path, message) => {
    expect(issuesOf(features)).toEqual([[path, message]]);
  });
});
