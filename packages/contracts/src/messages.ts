import { z } from 'zod';

/** Messages per page of a customer's Messages. */
export const MESSAGES_PAGE_SIZE = 20;

export const MessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

export const MessageItemSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    createdAt: z.iso.datetime(),
    read: z.boolean(),
  })
  .meta({ id: 'MessageItem' });
export type MessageItem = z.infer<typeof MessageItemSchema>;

export const MessagePageSchema = z
  .object({
    items: z.array(MessageItemSchema),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** One of the account's own messages, with its text. */
export const MessageSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

export const UnreadMessagesSchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadMessages' });
export type UnreadMessages = z.infer<typeof UnreadMessagesSchema>;
