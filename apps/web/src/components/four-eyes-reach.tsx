import {
  APPROVAL_KIND_LABELS,
  APPROVAL_MESSAGES,
  type FourEyesNote,
  SecondDecidersSchema,
} from '@candor/contracts/approvals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** Per kind of request, whether a staff member other than the one signed in could approve it. */
export const secondDecidersQuery = queryOptions({
  queryKey: queryKeys.adminSecondDeciders,
  queryFn: ({ signal }) =>
    apiRequest('/api/admin/approvals/second-deciders', SecondDecidersSchema, { signal }),
});

/**
 * Four-eyes means two people (decision 053): while nobody else can approve some kind of request,
 * the Settings page (beside the threshold) and the Approvals tab say so. Nothing while everyone has
 * a second decider, or while it loads.
 */
export function FourEyesReachNote({ className = '' }: { className?: string }) {
  const { data } = useQuery(secondDecidersQuery);
  if (!data) return null;
  const alone = Object.entries(data.kinds)
    .filter(([, someoneElse]) => !someoneElse)
    .map(([kind]) => APPROVAL_KIND_LABELS[kind as keyof typeof APPROVAL_KIND_LABELS]);
  if (alone.length === 0) return null;
  const all = alone.length === Object.keys(data.kinds).length;
  return (
    <div
      role="note"
      className={`rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 ${className}`}
    >
      <p className="font-medium">{APPROVAL_MESSAGES.fourEyesNeedsTwo}</p>
      <p className="mt-1">
        {all ? APPROVAL_MESSAGES.fourEyesAloneNow : APPROVAL_MESSAGES.fourEyesAloneFor(alone.join(', '))}
      </p>
    </div>
  );
}

/**
 * What a success toast adds for a request above the threshold carried out at once, because nobody
 * else can approve it yet (decision 053): under the action's own words (the seed's "Wallet updated
 * successfully!", say), that it did not wait and why. Undefined for any other request.
 */
export function carriedOutAloneNote(fourEyes: FourEyesNote | null | undefined): string | undefined {
  return fourEyes === 'no_second_decider'
    ? `${APPROVAL_MESSAGES.noSecondDecider}. ${APPROVAL_MESSAGES.noSecondDeciderDescription}`
    : undefined;
}
