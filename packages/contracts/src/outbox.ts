import { z } from 'zod';
import { SearchTextSchema } from './search.ts';

/** Entries per page of the staff's delivery log. */
export const OUTBOX_PAGE_SIZE = 20;

/**
 * Where an e-mail stands: kept (no SMTP is configured: its addressee reads it in Messages), sending
 * (an attempt is under way), sent, retrying (an SMTP attempt failed; another follows) or failed
 * (given up after the last retry).
 */
export const MAIL_DELIVERY_STATUSES = ['kept', 'sending', 'sent', 'retrying', 'failed'] as const;
export const MailDeliveryStatusSchema = z.enum(MAIL_DELIVERY_STATUSES);
export type MailDeliveryStatus = z.infer<typeof MailDeliveryStatusSchema>;

export const OutboxListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Part of the recipient's address, case-insensitive. */
  search: SearchTextSchema,
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

/** One e-mail's envelope and delivery: never its body (codes and links are the addressee's). */
export const OutboxItemSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    createdAt: z.iso.datetime(),
    status: MailDeliveryStatusSchema,
    attempts: z.number().int(),
    /** The SMTP error of the last failed attempt. */
    lastError: z.string().nullable(),
    /** When the next attempt is due (retrying only). */
    nextAttemptAt: z.iso.datetime().nullable(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OutboxItem' });
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const OutboxPageSchema = z
  .object({
    items: z.array(OutboxItemSchema),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'OutboxPage' });
export type OutboxPage = z.infer<typeof OutboxPageSchema>;
