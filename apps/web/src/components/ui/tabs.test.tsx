import { act, cleanup, render } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Tabs } from './tabs.tsx';

const TABS = [
  { id: 'forex', label: 'Forex' },
  { id: 'crypto', label: 'Crypto' },
  { id: 'stock', label: 'Stocks' },
] as const;
type Id = (typeof TABS)[number]['id'];

const scrolled = vi.fn();
/** The observers made, with what the test says of their tab's visibility (1: whole, less: cut). */
let observers: { root: Element | Document | null | undefined; report: (ratio: number) => void }[] = [];

class FakeIntersectionObserver {
  constructor(
    private readonly callback: IntersectionObserverCallback,
    private readonly options?: IntersectionObserverInit,
  ) {}
  observe(target: Element) {
    observers.push({
      root: this.options?.root,
      report: (ratio) =>
        this.callback(
          [{ target, intersectionRatio: ratio } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
    });
  }
  disconnect() {}
}

beforeEach(() => {
  scrolled.mockClear();
  observers = [];
  // jsdom lays nothing out and has no scrollIntoView: each call is counted (each forces a layout).
  HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled(this.textContent);
  };
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Strip({ selected, mode = 'visible' }: { selected: Id; mode?: 'visible' | 'hidden' }) {
  return (
    <Activity mode={mode}>
      <Tabs label="Asset class" tabs={TABS} selected={selected} onSelect={() => {}}>
        <p>panel</p>
      </Tabs>
    </Activity>
  );
}

test('the first tab shown first is not scrolled to; a change of tab is', () => {
  const { rerender } = render(<Strip selected="forex" />);
  expect(scrolled).not.toHaveBeenCalled();
  rerender(<Strip selected="stock" />);
  expect(scrolled.mock.calls).toEqual([['Stocks']]);
});

test.each([
  [0.4, [['Crypto']]],
  [1, []],
])(
  'a later tab shown first (seen %s in its strip by the next frame) is scrolled to only when cut off, with no layout forced',
  (ratio, calls) => {
    const { getByRole } = render(<Strip selected="crypto" />);
    expect(scrolled).not.toHaveBeenCalled();
    expect(observers).toHaveLength(1);
    expect(observers[0]?.root).toBe(getByRole('tablist').parentElement);
    observers[0]?.report(ratio);
    expect(scrolled.mock.calls).toEqual(calls);
  },
);

test('shown again after React hid it (its effects reconnected), the strip scrolls to nothing', async () => {
  const { rerender } = render(<Strip selected="stock" />);
  rerender(<Strip selected="crypto" />);
  expect(scrolled.mock.calls).toEqual([['Crypto']]);
  await act(async () => rerender(<Strip selected="crypto" mode="hidden" />));
  await act(async () => rerender(<Strip selected="crypto" mode="visible" />));
  expect(scrolled.mock.calls).toEqual([['Crypto']]);
});
