import { type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { newIdempotencyKey } from './api.ts';

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
 * is a new one.
 */
export function useIdempotentMutation<TData, TVariables>({
  mutationFn,
  onSuccess,
  ...options
}: IdempotentMutationOptions<TData, TVariables>): UseMutationResult<TData, Error, TVariables> {
  const keys = useRef(new Map<string, string>());
  return useMutation({
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
}

/** The variables as text, objects' keys sorted: equal requests read the same however they were built. */
function describeRequest(variables: unknown): string {
  return (
    JSON.stringify(variables, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
        : value,
    ) ?? ''
  );
}
