import type { Quote } from '@candor/contracts/market';
import { act, cleanup, renderHook } from '@testing-library/react';
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
  // Unmounting ends each hook's subscription, so the page-wide stream starts empty in the next test.
  cleanup();
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

describe('one stream for the whole page', () => {
  test('two components share one connection for the union of their symbols, each hears only its own', () => {
    const chart = renderHook(() => usePriceStream(['BTCUSD']));
    const list = renderHook(() => usePriceStream(['EURUSD', 'BTCUSD']));
    const open = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
    expect(open).toHaveLength(1);
    expect(latestEventSource().url).toBe('/api/prices/stream?symbols=BTCUSD%2CEURUSD');
    act(() => {
      latestEventSource().open();
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ symbol: 'EURUSD', price: '1.08432' })));
      latestEventSource().emit('quote', JSON.stringify(buildQuote()));
    });
    expect(chart.result.current.quotes).toEqual({ BTCUSD: buildQuote() });
    expect(list.result.current.quotes.EURUSD?.price).toBe('1.08432');
    expect(chart.result.current.status).toBe('live');

    // When one leaves, the other keeps a stream of its own symbols only.
    list.unmount();
    expect(latestEventSource().url).toBe('/api/prices/stream?symbols=BTCUSD');
    chart.unmount();
    expect(FakeEventSource.instances.every((s) => s.readyState === FakeEventSource.CLOSED)).toBe(true);
  });

  test('a component that joins an open stream gets the latest quotes at once', () => {
    const first = renderHook(() => usePriceStream(['BTCUSD']));
    act(() => {
      latestEventSource().open();
      latestEventSource().emit('quote', JSON.stringify(buildQuote({ price: '67300.00' })));
    });
    const second = renderHook(() => usePriceStream(['BTCUSD']));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(second.result.current.quotes.BTCUSD?.price).toBe('67300.00');
    expect(second.result.current.status).toBe('live');
    first.unmount();
    second.unmount();
  });

  test('more than 20 symbols are split over several streams', () => {
    const symbols = Array.from({ length: 25 }, (_, i) => `SYM${String(i).padStart(2, '0')}`);
    const { unmount } = renderHook(() => usePriceStream(symbols));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(
      FakeEventSource.instances.map((s) => decodeURIComponent(s.url).split('=')[1]?.split(',').length),
    ).toEqual([20, 5]);
    unmount();
  });
});
