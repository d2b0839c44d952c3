import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useIdempotentMutation } from './use-idempotent-mutation.ts';

afterEach(cleanup);

type Transfer = { amount: string; note?: string; to: { account: string } };
type Send = (transfer: Transfer, idempotencyKey: string) => Promise<string>;

function setup(send: Send, onSuccess = vi.fn()) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useIdempotentMutation({ mutationFn: send, onSuccess }), { wrapper });
  /** Sends one transfer; resolves to the answer, or null when it failed. */
  const submit = async (transfer: Transfer) => {
    let answer: string | null = null;
    await act(async () => {
      answer = await result.current.mutateAsync(transfer).catch(() => null);
    });
    return answer;
  };
  return { submit, onSuccess };
}

const keysSent = (send: ReturnType<typeof vi.fn<Send>>) => send.mock.calls.map(([, key]) => key);

describe('useIdempotentMutation', () => {
  test('a double click sends the request once and tells its success once', async () => {
    let answer: (value: string) => void = () => undefined;
    const send = vi.fn<Send>(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useIdempotentMutation({ mutationFn: send, onSuccess }), { wrapper });
    const transfer = { amount: '10.00', to: { account: 'A-1' } };
    let first: Promise<string> | undefined;
    let second: Promise<string> | undefined;
    act(() => {
      first = result.current.mutateAsync(transfer);
      result.current.mutate({ ...transfer });
      second = result.current.mutateAsync(transfer);
    });
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    await act(async () => {
      answer('done');
      expect(await first).toBe('done');
      expect(await second).toBe('done');
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    // Once it is answered, the same request is a new one, sent again.
    let again: Promise<string> | undefined;
    act(() => {
      again = result.current.mutateAsync(transfer);
    });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await act(async () => {
      answer('again');
      expect(await again).toBe('again');
    });
  });

  test('a retry of a failed request sends its key again; after a success the same request is a new one', async () => {
    const send = vi.fn<Send>().mockRejectedValueOnce(new Error('Network down')).mockResolvedValue('done');
    const { submit } = setup(send);
    const transfer = { amount: '10.00', to: { account: 'A-1' } };

    expect(await submit(transfer)).toBeNull();
    expect(await submit({ ...transfer })).toBe('done');
    expect(await submit(transfer)).toBe('done');

    const [first, retry, again] = keysSent(send);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry).toBe(first);
    expect(again).not.toBe(first);
  });

  test('each distinct request has its own key, kept until it succeeds', async () => {
    const send = vi.fn<Send>().mockRejectedValue(new Error('Refused'));
    const { submit } = setup(send);
    await submit({ amount: '10.00', to: { account: 'A-1' } });
    await submit({ amount: '10.00', to: { account: 'B-2' } });
    await submit({ amount: '20.00', to: { account: 'A-1' } });
    await submit({ amount: '10.00', to: { account: 'A-1' } });

    const keys = keysSent(send);
    expect(new Set(keys).size).toBe(3);
    expect(keys[3]).toBe(keys[0]);
  });

  test('the same request written in another order, or with an absent field, is the same request', async () => {
    const send = vi.fn<Send>().mockRejectedValue(new Error('Refused'));
    const { submit } = setup(send);
    await submit({ amount: '10.00', note: undefined, to: { account: 'A-1' } });
    await submit({ to: { account: 'A-1' }, amount: '10.00' });
    expect(new Set(keysSent(send)).size).toBe(1);
  });

  test("the caller's onSuccess hears the answer and the variables", async () => {
    const send = vi.fn<Send>().mockResolvedValue('done');
    const { submit, onSuccess } = setup(send);
    const transfer = { amount: '10.00', to: { account: 'A-1' } };
    await submit(transfer);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.slice(0, 2)).toEqual(['done', transfer]);
  });
});
