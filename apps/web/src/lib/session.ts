import { MeSchema } from '@candor/contracts/auth';
import { firstScreenReads } from '@candor/contracts/first-screen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend, readAnsweredInPage } from './api.ts';
import { forgetEverythingKeptInTab } from './kept-in-tab.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

const SessionSchema = z.object({ user: MeSchema.nullable() });
export type Me = z.infer<typeof MeSchema>;

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  ...readAnsweredInPage(firstScreenReads.session, SessionSchema),
  staleTime: 60_000,
});

/** The signed-in user; only inside the signed-in part of the app. */
export function useMe(): Me {
  const { data } = useQuery(sessionQuery);
  if (!data?.user) throw new Error('useMe is only available to signed-in pages');
  return data.user;
}

/** Signs out, and forgets what this tab kept of the customer's input (lib/kept-in-tab.ts). */
export async function signOut(): Promise<void> {
  await apiSend('/api/session', { method: 'DELETE' }).catch(() => undefined);
  forgetEverythingKeptInTab();
  queryClient.clear();
}
