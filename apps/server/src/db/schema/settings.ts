import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The one site settings record (id is always 1). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    siteName: text('site_name').notNull().default('Candor'),
    faviconFileId: text('favicon_file_id'),
    /** Where customers write for help (an inactive account, a reset link when e-mail is not set up); null = none. */
    supportEmail: text('support_email'),
    /** Minimum withdrawal in cents. */
    minWithdrawalMinor: bigint('min_withdrawal_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Withdrawal fee in basis points (1 % = 100), 0 to 10,000. */
    withdrawalFeeBps: integer('withdrawal_fee_bps').notNull().default(0),
    /**
     * Four-eyes: a manual adjustment or a withdrawal approval above this many cents waits for a
     * second staff member. 0 turns it off. Default $1,000.
     */
    fourEyesThresholdMinor: bigint('four_eyes_threshold_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`100000`),
    /** Images of a declined identity submission are erased this many days after the decision. */
    declinedIdRetentionDays: integer('declined_id_retention_days').notNull().default(30),
    /** Approved identity records of a closed account are erased this many years after the close. */
    approvedIdRetentionYears: integer('approved_id_retention_years').notNull().default(5),
    /** Identity limits (issue 12): an account that is not 'verified' may not withdraw at all. */
    withdrawalsNeedVerifiedIdentity: boolean('withdrawals_need_verified_identity').notNull().default(true),
    /** Identity limits: the most an unverified account may deposit in 30 days, in cents ($1,000). */
    unverifiedDepositLimitMinor: bigint('unverified_deposit_limit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`100000`),
    /** Identity limits: the most an unverified account may withdraw in 30 days, in cents ($0). */
    unverifiedWithdrawalLimitMinor: bigint('unverified_withdrawal_limit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Trading terms of accounts without a trading package (issue 13): forex spread in pips ("2.0"). */
    defaultForexSpreadPips: numeric('default_forex_spread_pips', { precision: 4, scale: 1 })
      .notNull()
      .default('2.0'),
    /** Spread in percent of the price on crypto and stocks ("0.20"). */
    defaultOtherSpreadPercent: numeric('default_other_spread_percent', { precision: 4, scale: 2 })
      .notNull()
      .default('0.20'),
    /** Maximum leverage: the largest lot size. */
    defaultMaxLeverage: integer('default_max_leverage').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_single_row', sql`${t.id} = 1`),
    check('site_settings_min_withdrawal', sql`${t.minWithdrawalMinor} >= 0`),
    check('site_settings_fee_bounds', sql`${t.withdrawalFeeBps} between 0 and 10000`),
    check('site_settings_four_eyes_threshold', sql`${t.fourEyesThresholdMinor} >= 0`),
    check('site_settings_declined_id_retention', sql`${t.declinedIdRetentionDays} between 1 and 3650`),
    check('site_settings_approved_id_retention', sql`${t.approvedIdRetentionYears} between 1 and 50`),
    check('site_settings_unverified_deposit_limit', sql`${t.unverifiedDepositLimitMinor} >= 0`),
    check('site_settings_default_forex_spread', sql`${t.defaultForexSpreadPips} between 0 and 100`),
    check('site_settings_default_other_spread', sql`${t.defaultOtherSpreadPercent} between 0 and 10`),
    check('site_settings_default_max_leverage', sql`${t.defaultMaxLeverage} between 1 and 1000`),
    check('site_settings_unverified_withdrawal_limit', sql`${t.unverifiedWithdrawalLimitMinor} >= 0`),
  ],
);
