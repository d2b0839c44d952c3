import { SECURITY_EVENT_KINDS } from '@candor/contracts/account-security';
import { WITHDRAWAL_WAIT_CAUSES } from '@candor/domain/withdrawals/withdrawal-protection';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';

/**
 * Withdrawal protections of an account (issue 11): the 24-hour wait after a security change and
 * the freeze from an e-mailed link. No row: no wait, not frozen.
 */
export const withdrawalProtections = pgTable(
  'withdrawal_protections',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    /** New withdrawals are refused until then. */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    waitCause: text('wait_cause', { enum: WITHDRAWAL_WAIT_CAUSES }),
    /** Set while withdrawals are frozen. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [checkOneOf('withdrawal_protections_wait_cause', t.waitCause, WITHDRAWAL_WAIT_CAUSES)],
);

/**
 * A freeze link's token, sent in a withdrawal e-mail: only its SHA-256 is kept. It freezes its
 * account once (used_at) and dies after its expiry.
 */
export const withdrawalFreezeTokens = pgTable(
  'withdrawal_freeze_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The withdrawal whose e-mail carried the link. */
    withdrawalId: uuid('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('withdrawal_freeze_tokens_user_idx').on(t.userId)],
);

/** What happened to an account's security: shown to the customer on /account and to staff on /user/{id}. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: SECURITY_EVENT_KINDS }).notNull(),
    /** A wait this event started: when it ends. */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt.desc()),
    checkOneOf('security_events_kind', t.kind, SECURITY_EVENT_KINDS),
  ],
);

/**
 * A password reset link the site's operator issued (`npm run admin -- reset-link`, decision 019):
 * marked where it is made, beside better-auth's verification row, by the SHA-256 of its token
 * (the token itself is only in the link). A password set through it is its own security event,
 * starts the longer withdrawal wait, and is told on a failed sign-in for 30 days.
 */
export const operatorResetLinks = pgTable(
  'operator_reset_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When a password was set through it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_reset_links_user_idx').on(t.userId)],
);
