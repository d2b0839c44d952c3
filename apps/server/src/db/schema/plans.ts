import type { PlanFeatures } from '@candor/contracts/plans';
import { PLAN_KINDS, PURCHASABLE_PLAN_KINDS } from '@candor/domain/plans/plan-kinds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { journalEntries } from './ledger.ts';

/**
 * The plan catalogue: signal plans, trading packages and loan plans, edited by staff (every change
 * audited). What a plan gives is `features` (checked by the contracts' PlanFeaturesSchema).
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: PLAN_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The price in cents; null for loan plans (applied for, not bought). */
    priceMinor: bigint('price_minor', { mode: 'bigint' }),
    /** How long a purchase gives its features (a loan's term); null = no end. */
    durationDays: integer('duration_days'),
    onSale: boolean('on_sale').notNull().default(true),
    /** Order within the kind; a higher rank replaces a lower one when bought. */
    rank: integer('rank').notNull().default(0),
    features: jsonb('features').$type<PlanFeatures>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    index('plans_kind_rank_idx').on(t.kind, t.rank),
    checkOneOf('plans_kind', t.kind, PLAN_KINDS),
    check('plans_features_kind', sql`${t.features}->>'kind' = ${t.kind}`),
    check(
      'plans_price',
      sql`(${t.kind} = 'loan') = (${t.priceMinor} is null) and coalesce(${t.priceMinor}, 1) > 0`,
    ),
    check('plans_duration', sql`${t.durationDays} is null or ${t.durationDays} > 0`),
  ],
);

/**
 * A plan an account bought. The purchase keeps a copy of the terms (name, description, price,
 * duration, features): editing the plan later never changes what a buyer already bought. An account
 * holds at most one current (unreplaced) purchase of each kind: buying a plan of the kind ends the
 * current one (`replaced_at`; an expired one simply stays expired, a running one is replaced by a
 * higher-ranked plan only, and its unused days are credited).
 */
export const planPurchases = pgTable(
  'plan_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: text('kind', { enum: PURCHASABLE_PLAN_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    durationDays: integer('duration_days'),
    rank: integer('rank').notNull(),
    features: jsonb('features').$type<PlanFeatures>().notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    replacedByPurchaseId: uuid('replaced_by_purchase_id'),
    /** Credited back for the unused days when replaced. */
    replacementCreditMinor: bigint('replacement_credit_minor', { mode: 'bigint' }),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    creditEntryId: bigint('credit_entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
  },
  (t) => [
    index('plan_purchases_user_idx').on(t.userId, t.kind, t.purchasedAt),
    // One current (unreplaced) purchase per account and kind; expiry is checked by time on every read.
    uniqueIndex('plan_purchases_current_idx').on(t.userId, t.kind).where(sql`${t.replacedAt} is null`),
    checkOneOf('plan_purchases_kind', t.kind, PURCHASABLE_PLAN_KINDS),
  ],
);
