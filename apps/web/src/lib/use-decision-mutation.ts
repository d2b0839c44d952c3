import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { notify } from './notify.ts';
import { useIdempotentMutation } from './use-idempotent-mutation.ts';

/** What an administrator's (or a customer's) decision on one kind of record needs. */
export type DecisionSpec<D, R> = {
  /** Sends one decision on one record, with its Idempotency-Key. */
  send: (id: string, decision: D, idempotencyKey: string) => Promise<R>;
  /** The record's own query, set in place to the answer. */
  recordKey: (id: string) => QueryKey;
  /** Every view of these records, refreshed after each attempt. */
  allKey: QueryKey;
  /** The success toast of a decision (the answer says whether it took effect or waits, say). */
  doneMessage: (decision: D, record: R) => string;
  /** A line under the success toast, when there is more to say. */
  doneDescription?: (decision: D, record: R) => string | undefined;
  /** Says that a decision failed (a toast). */
  notifyFailure: (error: unknown) => void;
};

/**
 * Decisions (approve, reject, close…) on records, one at a time, through useIdempotentMutation: a
 * retry of the same decision on the same record reuses its Idempotency-Key. On success the record's
 * query is set to the answer; after every attempt each view is refreshed. `decide` resolves, once
 * the views are refreshed, to the updated record, or null when the decision failed (the failure
 * was told); `deciding` is the id whose decision is in flight.
 */
export function useDecisionMutation<D, R>(spec: DecisionSpec<D, R>) {
  const queryClient = useQueryClient();
  const mutation = useIdempotentMutation({
    mutationFn: ({ id, decision }: { id: string; decision: D }, key: string) => spec.send(id, decision, key),
    onSuccess: (record, { id, decision }) => {
      queryClient.setQueryData(spec.recordKey(id), record);
      const description = spec.doneDescription?.(decision, record);
      notify.success(spec.doneMessage(decision, record), description ? { description } : undefined);
    },
    onError: (error) => spec.notifyFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spec.allKey }),
  });
  return {
    decide: (id: string, decision: D): Promise<R | null> =>
      mutation.mutateAsync({ id, decision }).catch(() => null),
    deciding: mutation.isPending ? mutation.variables.id : null,
  };
}
