import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type DecisionSpec, useDecisionMutation } from './use-decision-mutation.ts';

afterEach(cleanup);

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };
type Thing = { id: string; status: string };

function setup(send: DecisionSpec<Decision, Thing>['send']) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const notifyFailure = vi.fn();
  const spec: DecisionSpec<Decision, Thing> = {
    send,
    recordKey: (id) => ['things', 'one', id],
    allKey: ['things'],
    doneMessage: (decision) => `Done: ${decision.kind}`,
    notifyFailure,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDecisionMutation(spec), { wrapper });
  return { result, queryClient, invalidate, notifyFailure };
}

describe('useDecisionMutation', () => {
  test('a retry after a failure sends the same Idempotency-Key; the next decision gets a new one', async () => {
    const send = vi
      .fn<DecisionSpec<Decision, Thing>['send']>()
      .mockRejectedValueOnce(new Error('Network down'))
      .mockResolvedValue({ id: 'a', status: 'approved' });
    const { result, notifyFailure } = setup(send);

    await act(async () => {
      expect(await result.current.decide('a', { kind: 'approve' })).toBeNull();
    });
    expect(notifyFailure).toHaveBeenCalledWith(new Error('Network down'));
    await act(async () => {
      expect(await result.current.decide('a', { kind: 'approve' })).toEqual({ id: 'a', status: 'approved' });
    });
    await act(async () => {
      await result.current.decide('a', { kind: 'approve' });
    });

    const keys = send.mock.calls.map(([, , key]) => key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('another decision, or the same one on another record, has its own key', async () => {
    const send = vi.fn<DecisionSpec<Decision, Thing>['send']>().mockRejectedValue(new Error('No'));
    const { result } = setup(send);
    await act(async () => {
      await result.current.decide('a', { kind: 'approve' });
      await result.current.decide('a', { kind: 'reject', reason: 'Nothing arrived' });
      await result.current.decide('b', { kind: 'approve' });
    });
    expect(new Set(send.mock.calls.map(([, , key]) => key)).size).toBe(3);
  });

  test('a success sets the record in place; every attempt refreshes all views', async () => {
    const send = vi
      .fn<DecisionSpec<Decision, Thing>['send']>()
      .mockResolvedValueOnce({ id: 'a', status: 'rejected' })
      .mockRejectedValueOnce(new Error('Already decided'));
    const { result, queryClient, invalidate } = setup(send);

    await act(async () => {
      await result.current.decide('a', { kind: 'reject', reason: 'Nothing arrived' });
    });
    expect(queryClient.getQueryData(['things', 'one', 'a'])).toEqual({ id: 'a', status: 'rejected' });
    await act(async () => {
      await result.current.decide('a', { kind: 'approve' });
    });
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['things'] }], [{ queryKey: ['things'] }]]);
  });

  test('names the record being decided until the answer comes', async () => {
    let answer: (thing: Thing) => void = () => undefined;
    const send = vi.fn(() => new Promise<Thing>((resolve) => (answer = resolve)));
    const { result } = setup(send);
    expect(result.current.deciding).toBeNull();
    let pending: Promise<Thing | null> = Promise.resolve(null);
    act(() => {
      pending = result.current.decide('a', { kind: 'approve' });
    });
    // React Query tells its observers on the next tick.
    await waitFor(() => expect(result.current.deciding).toBe('a'));
    await act(async () => {
      answer({ id: 'a', status: 'approved' });
      await pending;
    });
    await waitFor(() => expect(result.current.deciding).toBeNull());
  });
});
