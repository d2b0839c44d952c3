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

const SIGNAL_PLAN: SavePlanRequest = {
  kind: 'signal',
  name: 'Silver',
  description: 'Computed ratings of 25 instruments.',
  price: '2000.00',
  durationDays: 30,
  onSale: true,
  rank: 30,
  features: { kind: 'signal', instrumentCount: 25, intervals: ['1h', '4h'], alerts: true },
};
const TRADING_PLAN: SavePlanRequest = {
  ...SIGNAL_PLAN,
  kind: 'trading',
  features: { kind: 'trading', maxLeverage: 200, forexSpreadPips: '1.2', otherSpreadPercent: '0.12' },
};

/** Every issue of a plan with `change` applied (paths of features prefixed "features."), as [path, message]. */
function issuesOfPlan(plan: SavePlanRequest, change: Record<string, unknown>) {
  const features = Object.fromEntries(
    Object.entries(change)
      .filter(([key]) => key.startsWith('features.'))
      .map(([key, value]) => [key.slice('features.'.length), value]),
  );
  const top = Object.fromEntries(Object.entries(change).filter(([key]) => !key.startsWith('features.')));
  const parsed = SavePlanRequestSchema.safeParse({
    ...plan,
    ...top,
    features: top.features ?? { ...plan.features, ...features },
  });
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('every field of the plan form says what is wrong in plain words', () => {
  test.each([
    ['rank', 'Enter the rank as a whole number', { rank: Number.NaN }, SIGNAL_PLAN],
    ['rank', 'Enter the rank as a whole number', { rank: 10.5 }, SIGNAL_PLAN],
    ['rank', 'Enter the rank as a whole number', { rank: '10' }, SIGNAL_PLAN],
    ['rank', 'The rank must be between 0 and 1000', { rank: -1 }, SIGNAL_PLAN],
    ['rank', 'The rank must be between 0 and 1000', { rank: 1001 }, SIGNAL_PLAN],
    ['name', 'Enter a name', { name: '' }, SIGNAL_PLAN],
    ['name', 'The name can be at most 60 characters', { name: 'x'.repeat(61) }, SIGNAL_PLAN],
    ['name', 'Enter a name', { name: 7 }, SIGNAL_PLAN],
    [
      'description',
      'The description can be at most 500 characters',
      { description: 'x'.repeat(5000) },
      SIGNAL_PLAN,
    ],
    ['description', 'Write the description as text', { description: null }, SIGNAL_PLAN],
    ['kind', 'Choose a kind of plan', { kind: 'bond' }, SIGNAL_PLAN],
    ['price', 'Enter an amount with two decimals, such as 1000.00', { price: '10 dollars' }, SIGNAL_PLAN],
    // A JSON number is not a price at or below zero: it is told that amounts are written as text.
    ['price', 'Write the amount as text, such as "100.00"', { price: 10 }, SIGNAL_PLAN],
    ['durationDays', 'Enter the number of days as a whole number', { durationDays: Number.NaN }, SIGNAL_PLAN],
    ['durationDays', 'Enter the number of days as a whole number', { durationDays: 1.5 }, SIGNAL_PLAN],
    ['durationDays', 'The number of days must be between 1 and 3650', { durationDays: 0 }, SIGNAL_PLAN],
    ['durationDays', 'The number of days must be between 1 and 3650', { durationDays: 3651 }, SIGNAL_PLAN],
    ['onSale', 'Choose whether the plan is on sale', { onSale: 'yes' }, SIGNAL_PLAN],
    [
      'features.instrumentCount',
      'Enter the number of instruments as a whole number',
      { 'features.instrumentCount': Number.NaN },
      SIGNAL_PLAN,
    ],
    [
      'features.instrumentCount',
      'The number of instruments must be between 1 and 1000',
      { 'features.instrumentCount': 0 },
      SIGNAL_PLAN,
    ],
    ['features.intervals', 'Choose at least one interval', { 'features.intervals': [] }, SIGNAL_PLAN],
    ['features.intervals', 'Choose at least one interval', { 'features.intervals': false }, SIGNAL_PLAN],
    ['features.intervals.0', 'Choose intervals from the list', { 'features.intervals': ['2h'] }, SIGNAL_PLAN],
    [
      'features.alerts',
      'Choose whether the plan gives rating alerts',
      { 'features.alerts': 'on' },
      SIGNAL_PLAN,
    ],
    [
      'features.maxLeverage',
      'Enter the maximum leverage as a whole number',
      { 'features.maxLeverage': Number.NaN },
      TRADING_PLAN,
    ],
    [
      'features.maxLeverage',
      'The maximum leverage must be between 1 and 1000',
      { 'features.maxLeverage': 0 },
      TRADING_PLAN,
    ],
    [
      'features.forexSpreadPips',
      'Enter pips as a number with at most one decimal, such as 1.2',
      { 'features.forexSpreadPips': 1.2 },
      TRADING_PLAN,
    ],
    [
      'features.otherSpreadPercent',
      'Enter a percentage with at most two decimals, such as 0.12',
      { 'features.otherSpreadPercent': null },
      TRADING_PLAN,
    ],
    [
      'features.annualInterestPercent',
      'Enter a percentage with at most two decimals, such as 12.17',
      { 'features.annualInterestPercent': 12 },
      LOAN_PLAN,
    ],
    [
      'features.kind',
      'Choose what the plan gives: signals, trading terms or a loan',
      { features: { kind: 'bond' } },
      SIGNAL_PLAN,
    ],
  ] as const)('%s is refused: %s', (path, message, change, plan) => {
    const issues = issuesOfPlan(plan, change);
    expect(issues[0]).toEqual([path, message]);
    for (const [, said] of issues) expect(said).not.toMatch(/Invalid|Too (big|small)|expected/);
  });
});

describe('one check tells every field’s problem', () => {
  test('an empty name, a negative price and an empty rank are all told, not the price only once the rest is fixed', () => {
    expect(issuesOfPlan(SIGNAL_PLAN, { name: '', price: '-5.00', rank: Number.NaN })).toEqual([
      ['name', 'Enter a name'],
      ['price', 'Enter a price above zero'],
      ['rank', 'Enter the rank as a whole number'],
    ]);
  });

  test('a loan plan without a term is told so with its negative amount and fractional rank', () => {
    expect(
      issuesOfPlan(LOAN_PLAN, { durationDays: null, rank: 1.5, 'features.amount': '-1.00' }).sort(),
    ).toEqual(
      [
        ['durationDays', 'A loan plan needs a term in days'],
        ['features.amount', LOAN_PLAN_MESSAGES.amountNotPositive],
        ['rank', 'Enter the rank as a whole number'],
      ].sort(),
    );
  });
});
