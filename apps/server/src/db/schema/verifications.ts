import {
  DOCUMENT_SIDES,
  IDENTITY_DOCUMENT_TYPES,
  SUBMISSION_STATUSES,
} from '@candor/contracts/verifications';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { files } from './files.ts';

/** The reasons a reviewer picks from (seeded in the migration; staff edit labels, add and retire them). */
export const verificationReasons = pgTable('verification_reasons', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(100),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One identity submission: pending → approved | declined | resubmit_requested (final). The images
 * are private files; retention erases them (file ids set to null, `imagesErasedAt` set) and, for
 * approved records of closed accounts, the document number too, while the decision stays.
 */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    documentType: text('document_type', { enum: IDENTITY_DOCUMENT_TYPES }).notNull(),
    /** As the customer typed it (null once erased). */
    documentNumber: text('document_number'),
    /** Upper-case, without spaces: what the duplicate search compares (null once erased). */
    documentNumberNormalized: text('document_number_normalized'),
    documentExpiry: date('document_expiry', { mode: 'string' }).notNull(),
    frontFileId: uuid('front_file_id').references(() => files.id, { onDelete: 'set null' }),
    backFileId: uuid('back_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reasonCode: text('reason_code').references(() => verificationReasons.code),
    note: text('note'),
    /**
     * Why the reviewer approved (docs/decisions/061): staff read it in the decision history; it is
     * never sent to the customer. Null for a decline or a resubmission (their reason is the code).
     */
    approvalReason: text('approval_reason'),
    resubmitSide: text('resubmit_side', { enum: DOCUMENT_SIDES }),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** When the customer was told their document expires within 30 days. */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    /** When an approved verification lapsed because its document expired. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    imagesErasedAt: timestamp('images_erased_at', { withTimezone: true }),
    recordErasedAt: timestamp('record_erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_submissions_user_idx').on(t.userId, t.createdAt),
    index('identity_submissions_number_idx').on(t.documentNumberNormalized),
    index('identity_submissions_status_idx').on(t.status, t.createdAt),
    // One pending submission per customer, even when two submit at once.
    uniqueIndex('identity_submissions_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    checkOneOf('identity_submissions_document_type', t.documentType, IDENTITY_DOCUMENT_TYPES),
    checkOneOf('identity_submissions_status', t.status, SUBMISSION_STATUSES),
    checkOneOf('identity_submissions_resubmit_side', t.resubmitSide, DOCUMENT_SIDES),
  ],
);
