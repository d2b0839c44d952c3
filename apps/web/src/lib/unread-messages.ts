import { firstScreenReads } from '@candor/contracts/first-screen';
import { UnreadMessagesSchema } from '@candor/contracts/messages';
import { queryOptions } from '@tanstack/react-query';
import { readAnsweredInPage } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * How many of the signed-in person's messages are unread: the header's badge. Re-read every
 * minute and when the window regains focus, so a new code shows up without a reload.
 */
export const unreadMessagesQuery = queryOptions({
  queryKey: queryKeys.unreadMessages,
  ...readAnsweredInPage(firstScreenReads.unreadMessages, UnreadMessagesSchema),
  refetchInterval: 60_000,
  staleTime: 0,
});
