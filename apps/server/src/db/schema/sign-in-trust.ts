import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Browsers that signed in to an account before: the SHA-256 of the browser's random
 * known-browser cookie, per account. While an account is slowed down by failed sign-ins, a known
 * browser with the right password still gets in; a sign-in from a browser not listed here sends
 * the owner a notice.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('known_browsers_user_token_key').on(t.userId, t.tokenHash)],
);

/**
 * E-mailed sign-in unlock links: while an account is slowed down by failed sign-ins, the owner
 * signs in with the right password and this link. Only the token's SHA-256 is kept; single use.
 */
export const signInUnlocks = pgTable(
  'sign_in_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_unlocks_user_idx').on(t.userId, t.expiresAt)],
);
