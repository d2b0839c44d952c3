import { IDENTITY_STATUSES, USER_ROLES, USER_STATUSES } from '@candor/contracts/auth';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkOneOf } from './enum-check.ts';

/**
 * Tables that better-auth reads and writes (model names in the plural). Property names are
 * better-auth's field names; columns are snake_case.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** better-auth's "name" holds the person's full name. */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').unique(),
    displayUsername: text('display_username'),
    /** 'client', or a staff role (contracts/staff.ts). Only the owner (or the command line) makes staff. */
    role: text('role', { enum: USER_ROLES }).notNull().default('client'),
    /** 'active' | 'suspended' | 'closed' */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    statusReason: text('status_reason'),
    /** When the account was closed (its personal data erased); null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** 'unverified' | 'pending' | 'verified' | 'declined' (identity verification). */
    identityStatus: text('identity_status', { enum: IDENTITY_STATUSES }).notNull().default('unverified'),
    profileImageFileId: text('profile_image_file_id'),
    /** Two-factor sign-in (TOTP) is on: set by better-auth's twoFactor plugin once a code confirmed it. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * The password was chosen by someone else (the owner, on the Staff tab): it does not sign in
     * until the member sets their own through a reset link (decision 049, "A password chosen by
     * someone else").
     */
    mustChoosePassword: boolean('must_choose_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    checkOneOf('users_role', t.role, USER_ROLES),
    checkOneOf('users_status', t.status, USER_STATUSES),
    checkOneOf('users_identity_status', t.identityStatus, IDENTITY_STATUSES),
    // E-mail prefixes (the audit log's and other filters by address).
    index('users_email_prefix_idx').using('btree', t.email.op('text_pattern_ops')),
    // The Users tab finds any part of an e-mail, username or full name (case-insensitive), at a
    // million rows: trigram indexes (pg_trgm, on PostgreSQL and PGlite alike; migration 0019).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * How many customers (role 'client') have each status and verification status, kept by a trigger on
 * users (migration users_list_counts), so the Users tab's "page x of y" does not count a million rows.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    status: text('status', { enum: USER_STATUSES }).notNull(),
    identityStatus: text('identity_status', { enum: IDENTITY_STATUSES }).notNull(),
    customers: bigint('customers', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.identityStatus] })],
);

/** Every successful sign-in: when, from which address and browser (shown to the customer and to staff). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.createdAt.desc())],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * better-auth's twoFactor plugin: one row per user who started or finished setting up TOTP. The
 * secret and the recovery codes are encrypted with the auth secret (never stored in clear).
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False until the first code confirmed the authenticator app. */
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);
