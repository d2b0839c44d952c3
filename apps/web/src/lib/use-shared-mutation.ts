import {
  type UseMutateAsyncFunction,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * useMutation for a form's submit: the same request asked for again while it is in flight (a double
 * click, both clicks landing before the busy button renders) is not sent twice: it shares the one in
 * flight, so its success (or failure) is told once. Once answered, the same request is a new one.
 */
export function useSharedMutation<TData, TVariables>(
  options: UseMutationOptions<TData, Error, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  return useShareInFlight(useMutation(options));
}

/** The mutation, with mutate and mutateAsync sharing a request already in flight (see useSharedMutation). */
export function useShareInFlight<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const inFlight = useRef(new Map<string, Promise<TData>>());
  const { mutateAsync: send } = mutation;
  const mutateAsync = useCallback<UseMutateAsyncFunction<TData, Error, TVariables>>(
    (...args) => {
      const request = describeRequest(args[0]);
      const running = inFlight.current.get(request);
      if (running) return running;
      const sent = send(...args).finally(() => inFlight.current.delete(request));
      inFlight.current.set(request, sent);
      return sent;
    },
    [send],
  );
  const mutate = useCallback<UseMutateFunction<TData, Error, TVariables>>(
    (...args) => {
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}

/** The variables as text, objects' keys sorted: equal requests read the same however they were built. */
export function describeRequest(variables: unknown): string {
  return (
    JSON.stringify(variables, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
        : value,
    ) ?? ''
  );
}
