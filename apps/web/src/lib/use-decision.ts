import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from './api.ts';
import { notify } from './notify.ts';

/** What an administrator's decision on one kind of record needs. */
export type DecisionSpec<D, R> = {
  /** Sends one decision on one record, with its Idempotency-Key. */
  send: (id: string, decision: D, idempotencyKey: string) => Promise<R>;
  /** The record's own query, set in place to the answer. */
  recordKey: (id: string) => QueryKey;
  /** Every view of these records, refreshed after each attempt. */
  allKey: QueryKey;
  /** The success toast of a decision. */
  doneMessage: (decision: D) => string;
  /** Says that a decision failed (a toast). */
  notifyFailure: (error: unknown) => void;
};

/**
 * Decisions (approve, reject…) on records, one at a time. Each carries an Idempotency-Key,
 * reused when the same decision on the same record is retried after a failure. On success the
 * record's query is updated in place; after every attempt each view is refreshed. `decide`
 * resolves to the updated record, or null when the decision failed; `deciding` is the id whose
 * decision is in flight.
 */
export function useDecision<D, R>(spec: DecisionSpec<D, R>) {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const [deciding, setDeciding] = useState<string | null>(null);

  async function decide(id: string, decision: D): Promise<R | null> {
    const submission = JSON.stringify([id, decision]);
    let key = keys.current.get(submission);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(submission, key);
    }
    setDeciding(id);
    try {
      const decided = await spec.send(id, decision, key);
      keys.current.delete(submission);
      queryClient.setQueryData(spec.recordKey(id), decided);
      notify.success(spec.doneMessage(decision));
      return decided;
    } catch (error) {
      spec.notifyFailure(error);
      return null;
    } finally {
      setDeciding(null);
      await queryClient.invalidateQueries({ queryKey: spec.allKey });
    }
  }

  return { decide, deciding };
}
