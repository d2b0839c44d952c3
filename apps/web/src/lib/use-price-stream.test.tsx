import type { Quote } from '@candor/contracts/market';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource, latestEventSource } from '../test/fake-event-source.ts';
import { findReconnectDelay, usePriceStream } from './use-price-stream.ts';

function buildQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    symbol: 'BTCUSD',
    price: '67234.12',
    time: '2026-03-04T14:05:00.000Z',
    source: 'simulated',
    stale: false,
    change24hPercent: '1.25',
    ...overrides,
  };
}

const SYMBOLS = ['EURUSD', 'BTCUSD'] as const;

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePriceStream', () => {
  test('subscribes once to the sorted set of symbols and keeps the latest quote of each', () => {
    const { result } = renderHook(() => usePriceStream(SYMBOLS));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latestEventSource().url).toBe('/api/prices/stream?symbols=BTCUSD%2CEURUSD');
    expect(result.current.status).toBe('connecting');

    act(() => {
      latestEventSource().open();
      latestEventSource().emit('quote', JSON.stringify(buildQuote()));
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ symbol: 'EURUSD', price: '1.08432' })));
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ price: '67240.00' })));
    });
    expect(result.current.status).toBe('live');
    expect(result.current.quotes.BTCUSD?.price).toBe('67240.00');
    expect(result.current.quotes.EURUSD?.price).toBe('1.08432');
  });

  test('ignores malformed data, other events and symbols it did not ask for', () => {
    const { result } = renderHook(() => usePriceStream(SYMBOLS));
    act(() => {
      latestEventSource().open();
      latestEventSource().emit('quote', 'not json');
      latestEventSource().emit('quote', JSON.stringify({ symbol: 'BTCUSD', price: 67234.12 }));
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ price: '-1' })));
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ symbol: 'AAPL' })));
      latestEventSource().emit('message', JSON.stringify(buildQuote()));
    });
    expect(result.current.quotes).toEqual({});
  });

  test('a network drop leaves the retry to the browser', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePriceStream(SYMBOLS));
    act(() => latestEventSource().open());
    act(() => latestEventSource().fail({ closed: false }));
    expect(result.current.status).toBe('reconnecting');
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => latestEventSource().open());
    expect(result.current.status).toBe('live');
  });

  test('after the server closes the stream with an error, it opens a new one with a growing delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePriceStream(SYMBOLS));
    const first = latestEventSource();
    act(() => first.fail({ closed: true }));
    expect(result.current.status).toBe('reconnecting');

    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latestEventSource().url).toBe(first.url);

    act(() => latestEventSource().fail({ closed: true }));
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(3);

    act(() => {
      latestEventSource().open();
      latestEventSource().emit('quote', JSON.stringify(buildQuote()));
    });
    expect(result.current.status).toBe('live');
    expect(result.current.quotes.BTCUSD?.price).toBe('67234.12');
  });

  test('closes the stream when the component leaves, and does not reconnect afterwards', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => usePriceStream(SYMBOLS));
    const source = latestEventSource();
    act(() => source.fail({ closed: true }));
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  test('a new set of symbols replaces the stream', () => {
    const { rerender } = renderHook(({ symbols }) => usePriceStream(symbols), {
      initialProps: { symbols: ['BTCUSD'] as readonly string[] },
    });
    const first = latestEventSource();
    rerender({ symbols: ['ETHUSD'] });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(latestEventSource().url).toBe('/api/prices/stream?symbols=ETHUSD');
  });

  test('the reconnect delay doubles up to 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(findReconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
