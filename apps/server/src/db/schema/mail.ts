import { MAIL_DELIVERY_STATUSES } from '@candor/contracts/outbox';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';

/**
 * Every e-mail the site sends, recorded before it goes out. The envelope and delivery columns are
 * the staff's delivery log (/api/admin/outbox); the bodies are read only by the account the
 * message belongs to (`user_id`, its Messages page) and by the delivery worker that retries a
 * failed SMTP send. A message that belongs to no account has its bodies blanked once it was
 * delivered or given up (nobody may read it then).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** The account the message belongs to: its address's owner, or the account that caused it. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** When its account opened it in Messages. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** kept (no SMTP) · sending · sent · retrying · failed (given up). */
    deliveryStatus: text('delivery_status', { enum: MAIL_DELIVERY_STATUSES }).notNull().default('kept'),
    /** SMTP attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP error of the last failed attempt. */
    lastError: text('last_error'),
    /** When the worker may (re)try it: a retry's time, or the end of a running attempt's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_to_idx').on(t.toAddress),
    index('mail_outbox_user_created_idx').on(t.userId, t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveryStatus} in ('sending', 'retrying')`),
    checkOneOf('mail_outbox_delivery_status_check', t.deliveryStatus, MAIL_DELIVERY_STATUSES),
  ],
);
