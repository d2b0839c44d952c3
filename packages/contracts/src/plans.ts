import { parseMinorUnits } from '@candor/domain/money/money';
import {
  PLAN_KINDS,
  PURCHASABLE_PLAN_KINDS,
  SIGNAL_INTERVALS,
  type SignalInterval,
} from '@candor/domain/plans/plan-kinds';
import { z } from 'zod';
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  amountTypeError,
  DECIMAL_AMOUNT_MESSAGE,
  DECIMAL_AMOUNT_PATTERN,
  DecimalAmountSchema,
  MAX_AMOUNT_MINOR,
  MAX_AMOUNT_TEXT,
} from './money.ts';
import { customerText } from './staff-texts.ts';

/**
 * The plan catalogue (PRODUCT.md §2 Plans, issue 13): data that staff edit, seeded from seed-spec
 * §9. What a plan gives is structured (`features`), so a card shows exactly what the plan does.
 */
export const PlanKindSchema = z.enum(PLAN_KINDS);
export type PlanKind = z.infer<typeof PlanKindSchema>;
export const PurchasablePlanKindSchema = z.enum(PURCHASABLE_PLAN_KINDS);
export type PurchasablePlanKind = z.infer<typeof PurchasablePlanKindSchema>;
export const SignalIntervalSchema = z.enum(SIGNAL_INTERVALS);

export const PLAN_KIND_LABELS = {
  signal: 'Signal plans',
  trading: 'Trading packages',
  loan: 'Trading loan plans',
} as const satisfies Record<PlanKind, string>;

export const SIGNAL_INTERVAL_LABELS = {
  '1h': '1 hour',
  '4h': '4 hours',
  '1d': '1 day',
} as const satisfies Record<SignalInterval, string>;

/**
 * A whole number between `min` and `max` that a plan's form asks for, with the form's words
 * (the site settings' pattern): "Enter the rank as a whole number", "The rank must be between 0 and 1000".
 */
function wholeNumberSchema(what: string, min: number, max: number) {
  const notWhole = `Enter the ${what} as a whole number`;
  const outOfRange = `The ${what} must be between ${min} and ${max}`;
  return (
    z
      .number({ error: notWhole })
      // Not .int(): a fraction would then stop the plan's checks across fields (a loan plan's missing
      // term) until it is fixed, where one submit is to tell every problem. Still "integer" in the API docs.
      .refine(Number.isInteger, notWhole)
      .min(min, outOfRange)
      .max(max, outOfRange)
      .meta({ type: 'integer' })
  );
}

const INTERVALS_REQUIRED = 'Choose at least one interval';

/** A signal plan unlocks the signals list: ratings of this many instruments on these intervals, and alerts. */
export const SignalFeaturesSchema = z.object({
  kind: z.literal('signal'),
  /** How many instruments the signals list rates; null = every instrument. */
  instrumentCount: wholeNumberSchema('number of instruments', 1, 1000).nullable(),
  intervals: z
    .array(z.enum(SIGNAL_INTERVALS, { error: 'Choose intervals from the list' }), {
      error: INTERVALS_REQUIRED,
    })
    .min(1, INTERVALS_REQUIRED)
    .max(SIGNAL_INTERVALS.length, 'An interval is listed twice')
    .refine((list) => new Set(list).size === list.length, 'An interval is listed twice'),
  /** The customer may set rating alerts (in the app and by e-mail). */
  alerts: z.boolean({ error: 'Choose whether the plan gives rating alerts' }),
});
export type SignalFeatures = z.infer<typeof SignalFeaturesSchema>;

/** "1.2": pips with at most one decimal, 0 to 100. */
export const SpreadPipsSchema = z
  .string({ error: 'Enter pips as a number with at most one decimal, such as 1.2' })
  .regex(/^\d{1,3}(\.\d)?$/, 'Enter pips as a number with at most one decimal, such as 1.2')
  .refine((text) => Number(text) <= 100, 'At most 100 pips');
/** "0.12": percent of the price with at most two decimals, 0 to 10. */
export const SpreadPercentSchema = z
  .string({ error: 'Enter a percentage with at most two decimals, such as 0.12' })
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Enter a percentage with at most two decimals, such as 0.12')
  .refine((text) => Number(text) <= 10, 'At most 10%');

/**
 * A trading package sets the account's maximum leverage (the lot size cap) and its spread: in pips
 * on forex pairs (a pip is 0.0001, 0.01 on JPY pairs), in percent of the price on crypto and stocks.
 */
export const TradingFeaturesSchema = z.object({
  kind: z.literal('trading'),
  maxLeverage: wholeNumberSchema('maximum leverage', 1, 1000),
  forexSpreadPips: SpreadPipsSchema,
  otherSpreadPercent: SpreadPercentSchema,
});
export type TradingFeatures = z.infer<typeof TradingFeaturesSchema>;

/** "12.17": percent a year with at most two decimals, 0 to 100. */
export const AnnualInterestPercentSchema = z
  .string({ error: 'Enter a percentage with at most two decimals, such as 12.17' })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a percentage with at most two decimals, such as 12.17')
  .refine((text) => Number(text) <= 100, 'At most 100%');

/**
 * A loan plan: the amount lent, the interest a year (accrued day by day on what is still owed), and
 * the requirement (the portfolio, cash plus reserved funds, the applicant must hold). Its duration is
 * the plan's `durationDays`. Never a return.
 */
export const LoanFeaturesSchema = z.object({
  kind: z.literal('loan'),
  amount: DecimalAmountSchema,
  annualInterestPercent: AnnualInterestPercentSchema,
  minimumPortfolio: DecimalAmountSchema,
});
export type LoanFeatures = z.infer<typeof LoanFeaturesSchema>;

const PLAN_FEATURES_REQUIRED = 'Choose what the plan gives: signals, trading terms or a loan';

export const PlanFeaturesSchema = z.discriminatedUnion(
  'kind',
  [SignalFeaturesSchema, TradingFeaturesSchema, LoanFeaturesSchema],
  { error: PLAN_FEATURES_REQUIRED },
);
export type PlanFeatures = z.infer<typeof PlanFeaturesSchema>;

export const PLAN_NAME_MAX_LENGTH = 60;
export const PLAN_DESCRIPTION_MAX_LENGTH = 500;
export const PLAN_MAX_DURATION_DAYS = 3650;

export const PlanSchema = z
  .object({
    id: z.string(),
    kind: PlanKindSchema,
    name: z.string(),
    /** Free text under the features; never a return promise (the server refuses one). */
    description: z.string(),
    /** What it costs ("1000.00"); null for loan plans (applied for, not bought). */
    price: DecimalAmountSchema.nullable(),
    /** How long it gives its features (a loan's term); null = no end. */
    durationDays: z.number().int().nullable(),
    onSale: z.boolean(),
    /** Order within its kind; buying a higher-ranked plan of a kind replaces a lower one. */
    rank: z.number().int(),
    features: PlanFeaturesSchema,
    updatedAt: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListSchema = z.object({ items: z.array(PlanSchema) }).meta({ id: 'PlanList' });
export type PlanList = z.infer<typeof PlanListSchema>;

export const PlanListQuerySchema = z.object({ kind: PlanKindSchema.optional() });

/**
 * A loan plan lends an amount above zero and asks for a portfolio of zero or more (the amount
 * messages of the money forms): a negative amount would be shown to customers and break applying.
 */
export const LOAN_PLAN_MESSAGES = {
  amountNotPositive: 'The amount must be greater than zero',
  amountTooLarge: AMOUNT_TOO_LARGE_MESSAGE,
  minimumPortfolioNegative: 'Minimum portfolio cannot be negative',
  minimumPortfolioTooLarge: `Minimum portfolio can be at most ${MAX_AMOUNT_TEXT}`,
} as const;

/**
 * A plan's price is above zero and, like every amount a money form takes, at most
 * $1,000,000,000.00 (MAX_AMOUNT_MINOR): a larger one would not fit the catalogue's column.
 */
export const PLAN_PRICE_MESSAGES = {
  notPositive: 'Enter a price above zero',
  tooLarge: `The price can be at most ${MAX_AMOUNT_TEXT}`,
} as const;

type PlanAmountRules = {
  /** What an empty field is told. */
  empty: string;
  zeroAllowed: boolean;
  /** What an amount below zero (or zero, unless allowed) is told. */
  tooSmall: string;
  /** What an amount above MAX_AMOUNT_MINOR is told. */
  tooLarge: string;
};

function planAmountProblem(text: string, rules: PlanAmountRules): string | undefined {
  if (text.trim() === '') return rules.empty;
  if (!DECIMAL_AMOUNT_PATTERN.test(text)) return DECIMAL_AMOUNT_MESSAGE;
  const parsed = parseMinorUnits(text);
  if (!parsed.ok || text.startsWith('-')) return rules.tooSmall;
  if (parsed.value === 0n && !rules.zeroAllowed) return rules.tooSmall;
  if (parsed.value > MAX_AMOUNT_MINOR) return rules.tooLarge;
  return undefined;
}

/**
 * A dollar amount a plan's form sends ("1000.00"), checked on its own: its message shows with
 * every other field's in one submit.
 */
function planAmountSchema(rules: PlanAmountRules) {
  return z
    .string({ error: amountTypeError(rules.empty) })
    .superRefine((text, ctx) => {
      const problem = planAmountProblem(text, rules);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ pattern: DECIMAL_AMOUNT_PATTERN.source });
}

/**
 * The loan plan's amounts as staff save them: an amount above zero, a portfolio of zero or more,
 * neither above MAX_AMOUNT_MINOR. (A plan read back is not checked again: LoanFeaturesSchema.)
 */
const SaveLoanFeaturesSchema = LoanFeaturesSchema.extend({
  amount: planAmountSchema({
    empty: DECIMAL_AMOUNT_MESSAGE,
    zeroAllowed: false,
    tooSmall: LOAN_PLAN_MESSAGES.amountNotPositive,
    tooLarge: LOAN_PLAN_MESSAGES.amountTooLarge,
  }),
  minimumPortfolio: planAmountSchema({
    empty: DECIMAL_AMOUNT_MESSAGE,
    zeroAllowed: true,
    tooSmall: LOAN_PLAN_MESSAGES.minimumPortfolioNegative,
    tooLarge: LOAN_PLAN_MESSAGES.minimumPortfolioTooLarge,
  }),
});

/**
 * What the checks across fields read: when these parse, they run even though another field is
 * wrong, so one submit tells every field's problem (a refinement runs only on a valid object otherwise).
 */
const CrossFieldSchema = z.object({
  kind: z.enum(PLAN_KINDS),
  price: z.string().nullable(),
  durationDays: z.unknown(),
  features: z.object({ kind: z.enum(PLAN_KINDS) }),
});

/** What the plan form's texts are told (the other forms' words: "The reason can be at most 500 characters"). */
export const PLAN_FORM_MESSAGES = {
  kindRequired: 'Choose a kind of plan',
  nameRequired: 'Enter a name',
  nameTooLong: `The name can be at most ${PLAN_NAME_MAX_LENGTH} characters`,
  descriptionNotText: 'Write the description as text',
  descriptionTooLong: `The description can be at most ${PLAN_DESCRIPTION_MAX_LENGTH} characters`,
  onSaleRequired: 'Choose whether the plan is on sale',
} as const;

/** Staff create or edit a plan (the Plans tab of /all-user). The server also refuses return promises. */
export const SavePlanRequestSchema = z
  .object({
    kind: z.enum(PLAN_KINDS, { error: PLAN_FORM_MESSAGES.kindRequired }),
    name: customerText(
      z
        .string({ error: PLAN_FORM_MESSAGES.nameRequired })
        .trim()
        .min(1, PLAN_FORM_MESSAGES.nameRequired)
        .max(PLAN_NAME_MAX_LENGTH, PLAN_FORM_MESSAGES.nameTooLong),
    ),
    description: customerText(
      z
        .string({ error: PLAN_FORM_MESSAGES.descriptionNotText })
        .trim()
        .max(PLAN_DESCRIPTION_MAX_LENGTH, PLAN_FORM_MESSAGES.descriptionTooLong),
    ),
    /** Null for a loan plan; any other plan's price is checked here, its presence below. */
    price: planAmountSchema({
      empty: PLAN_PRICE_MESSAGES.notPositive,
      zeroAllowed: false,
      tooSmall: PLAN_PRICE_MESSAGES.notPositive,
      tooLarge: PLAN_PRICE_MESSAGES.tooLarge,
    }).nullable(),
    durationDays: wholeNumberSchema('number of days', 1, PLAN_MAX_DURATION_DAYS).nullable(),
    onSale: z.boolean({ error: PLAN_FORM_MESSAGES.onSaleRequired }),
    rank: wholeNumberSchema('rank', 0, 1000),
    features: z.discriminatedUnion(
      'kind',
      [SignalFeaturesSchema, TradingFeaturesSchema, SaveLoanFeaturesSchema],
      { error: PLAN_FEATURES_REQUIRED },
    ),
  })
  .superRefine(
    (plan, ctx) => {
      if (plan.features.kind !== plan.kind) {
        ctx.addIssue({
          code: 'custom',
          path: ['features'],
          message: 'The features are of another kind of plan',
        });
      }
      if (plan.kind === 'loan') {
        if (plan.price !== null)
          ctx.addIssue({ code: 'custom', path: ['price'], message: 'A loan plan has no price' });
        if (plan.durationDays === null) {
          ctx.addIssue({
            code: 'custom',
            path: ['durationDays'],
            message: 'A loan plan needs a term in days',
          });
        }
      } else if (plan.price === null) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: PLAN_PRICE_MESSAGES.notPositive });
      }
    },
    { when: (payload) => CrossFieldSchema.safeParse(payload.value).success },
  );
export type SavePlanRequest = z.infer<typeof SavePlanRequestSchema>;

export const PLAN_PURCHASE_STATUSES = ['active', 'expired', 'replaced'] as const;
export const PlanPurchaseStatusSchema = z.enum(PLAN_PURCHASE_STATUSES);

/** A plan an account bought, with the terms as they were when it was bought (later edits do not change them). */
export const PlanPurchaseSchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    kind: PurchasablePlanKindSchema,
    name: z.string(),
    description: z.string(),
    price: DecimalAmountSchema,
    durationDays: z.number().int().nullable(),
    features: z.discriminatedUnion('kind', [SignalFeaturesSchema, TradingFeaturesSchema]),
    purchasedAt: z.string(),
    /** When it stops giving its features; null = no end. */
    expiresAt: z.string().nullable(),
    /** When a higher plan of its kind replaced it. */
    replacedAt: z.string().nullable(),
    /** What was credited back for the unused days when it was replaced ("0.00" for a plan without an end). */
    replacementCredit: DecimalAmountSchema.nullable(),
    status: PlanPurchaseStatusSchema,
  })
  .meta({ id: 'PlanPurchase' });
export type PlanPurchase = z.infer<typeof PlanPurchaseSchema>;

/** The signed-in account's plans: active ones (at most one of each kind) and the most recent others. */
export const MyPlansSchema = z
  .object({ active: z.array(PlanPurchaseSchema), past: z.array(PlanPurchaseSchema) })
  .meta({ id: 'MyPlans' });
export type MyPlans = z.infer<typeof MyPlansSchema>;

/**
 * Buying a plan: the price the customer confirmed. When the catalogue's price changed meanwhile, the
 * purchase is refused (409 CONFLICT) rather than charging another amount.
 */
export const PurchasePlanRequestSchema = z.object({
  expectedPrice: z
    .string({ error: amountTypeError(DECIMAL_AMOUNT_MESSAGE) })
    .regex(DECIMAL_AMOUNT_PATTERN, DECIMAL_AMOUNT_MESSAGE),
});
export type PurchasePlanRequest = z.infer<typeof PurchasePlanRequestSchema>;

export const PLAN_MESSAGES = {
  purchased: (name: string) => `${name} is active`,
  priceChanged: 'The price of this plan changed. Please review it and confirm again.',
  notOnSale: 'This plan is not on sale.',
  returnPromise: (words: string) =>
    `Plan texts describe what a plan does and cannot promise a return ("${words}").`,
} as const;
