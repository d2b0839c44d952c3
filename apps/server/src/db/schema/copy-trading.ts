import {
  COPY_END_REASONS,
  COPY_RELATION_STATUSES,
  STRATEGY_PROVIDER_STATUSES,
} from '@candor/contracts/copy-trading';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { files } from './files.ts';

/**
 * A strategy provider: a customer account that staff made one (ADD TRADER). It starts `invited`;
 * the customer accepts (`active`, copyable) or declines (`declined`); staff may remove it
 * (`removed`, delete trader), which stops every copy. One provider record per account.
 */
export const strategyProviders = pgTable(
  'strategy_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    displayName: text('display_name').notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    minimumBalanceMinor: bigint('minimum_balance_minor', { mode: 'bigint' }).notNull(),
    /** What new followers pay on profit above their high-water mark, in basis points (0–5000). */
    profitShareBps: integer('profit_share_bps').notNull(),
    status: text('status', { enum: STRATEGY_PROVIDER_STATUSES }).notNull().default('invited'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the customer accepted or declined. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by'),
    removalReason: text('removal_reason'),
  },
  (t) => [
    // An account is a provider once; a removed or declined one may be added again (a new row).
    uniqueIndex('strategy_providers_user_idx').on(t.userId).where(sql`${t.status} in ('invited', 'active')`),
    index('strategy_providers_status_idx').on(t.status, t.createdAt),
    checkOneOf('strategy_providers_status', t.status, STRATEGY_PROVIDER_STATUSES),
    check('strategy_providers_profit_share', sql`${t.profitShareBps} >= 0 and ${t.profitShareBps} <= 5000`),
    check('strategy_providers_minimum_balance', sql`${t.minimumBalanceMinor} >= 0`),
  ],
);

/**
 * A follower copying a provider. The profit share rate is the provider's at the start (a later change
 * applies to new followers only). At most one active relation per (follower, provider); ending one
 * (cancel, copy stop-loss, provider removed) keeps the row as history.
 */
export const copyRelations = pgTable(
  'copy_relations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerUserId: text('follower_user_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => strategyProviders.id),
    /** The provider's account, kept so "a provider cannot copy themselves" is a CHECK. */
    providerUserId: text('provider_user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    profitShareBps: integer('profit_share_bps').notNull(),
    /** The loss of the copied positions (cents) that closes every copy and stops copying; null = none. */
    copyStopLossMinor: bigint('copy_stop_loss_minor', { mode: 'bigint' }),
    /** Whether the provider's positions already open at the start were copied (at that day's price). */
    copiedOpenPositions: boolean('copied_open_positions').notNull(),
    status: text('status', { enum: COPY_RELATION_STATUSES }).notNull().default('active'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
    endReason: text('end_reason', { enum: COPY_END_REASONS }),
  },
  (t) => [
    uniqueIndex('copy_relations_active_idx')
      .on(t.followerUserId, t.providerId)
      .where(sql`${t.status} = 'active'`),
    index('copy_relations_provider_idx').on(t.providerId, t.status),
    index('copy_relations_follower_idx').on(t.followerUserId, t.startedAt),
    checkOneOf('copy_relations_status', t.status, COPY_RELATION_STATUSES),
    check('copy_relations_not_self', sql`${t.followerUserId} <> ${t.providerUserId}`),
    check(
      'copy_relations_ended',
      sql`(${t.status} = 'active') = (${t.endedAt} is null) and (${t.status} = 'active') = (${t.endReason} is null)`,
    ),
    check('copy_relations_stop_loss', sql`${t.copyStopLossMinor} is null or ${t.copyStopLossMinor} > 0`),
  ],
);

/**
 * A provider's trade that was not copied for a follower (issue 14): recorded once per (relation,
 * provider trade), so the follower is told once ("…skipped: <why>").
 */
export const skippedCopies = pgTable(
  'skipped_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copyRelationId: uuid('copy_relation_id')
      .notNull()
      .references(() => copyRelations.id),
    providerTradeId: uuid('provider_trade_id').notNull(),
    followerUserId: text('follower_user_id')
      .notNull()
      .references(() => users.id),
    /** A CopySkipReason, or SUSPENDED / PRICE_UNAVAILABLE / NOT_TRADABLE. */
    reasonCode: text('reason_code').notNull(),
    message: text('message').notNull(),
    skippedAt: timestamp('skipped_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('skipped_copies_once_idx').on(t.providerTradeId, t.copyRelationId),
    index('skipped_copies_follower_idx').on(t.followerUserId, t.skippedAt),
  ],
);

/**
 * The high-water mark of a follower with a provider (profit-share.ts): the cumulative result of
 * every copied trade of that provider, and its peak, in cents. Keyed by follower and provider, not
 * by relation: a follower who stops and copies again keeps their mark. `unpaidFeeMinor` is a profit
 * share the follower's cash could not cover when it was due (never expected: it follows a profit).
 */
export const copyHighWaterMarks = pgTable(
  'copy_high_water_marks',
  {
    followerUserId: text('follower_user_id')
      .notNull()
      .references(() => users.id),
    providerUserId: text('provider_user_id')
      .notNull()
      .references(() => users.id),
    cumulativeMinor: bigint('cumulative_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    peakMinor: bigint('peak_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    unpaidFeeMinor: bigint('unpaid_fee_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerUserId, t.providerUserId] }),
    check('copy_high_water_marks_peak', sql`${t.peakMinor} >= 0 and ${t.cumulativeMinor} <= ${t.peakMinor}`),
  ],
);
