import { type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { describeRequest, useShareInFlight } from './use-shared-mutation.ts';

/** useMutation's options, with a mutation function that also gets its request's Idempotency-Key. */
export type IdempotentMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
> & {
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * A money-moving request, through useMutation, with one Idempotency-Key per distinct request: the
 * same variables get the same key, so retrying a request that failed (a network drop, a timeout)
 * moves the money at most once. After a success the key is forgotten: the same request sent again
 * is a new one. The same request asked for again while it is in flight (a double click) is not sent
 * twice: it shares the one in flight, so its success is told once.
 */
export function useIdempotentMutation<TData, TVariables>({
  mutationFn,
  onSuccess,
  ...options
}: IdempotentMutationOptions<TData, TVariables>): UseMutationResult<TData, Error, TVariables> {
  const keys = useRef(new Map<string, string>());
  const mutation = useMutation({
    ...options,
    mutationFn: (variables) => {
      const request = describeRequest(variables);
      let key = keys.current.get(request);
      if (!key) {
        key = newIdempotencyKey();
        keys.current.set(request, key);
      }
      return mutationFn(variables, key);
    },
    onSuccess: (data, variables, ...rest) => {
      keys.current.delete(describeRequest(variables));
      return onSuccess?.(data, variables, ...rest);
    },
  });
  return useShareInFlight(mutation);
}

/**
 * A fresh Idempotency-Key for one money-moving submission (a UUID v4). Built from
 * crypto.getRandomValues, which, unlike crypto.randomUUID, also exists on plain-HTTP pages.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
