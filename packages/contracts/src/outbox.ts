import { z } from 'zod';

/** Messages per page of the administrators' mail outbox. */
export const OUTBOX_PAGE_SIZE = 20;

export const OutboxListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Part of the recipient's address, case-insensitive. */
  search: z.string().trim().max(254).optional(),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

export const OutboxItemSchema = z
  .object({ id: z.uuid(), to: z.string(), subject: z.string(), createdAt: z.iso.datetime() })
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

export const OutboxMessageSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
