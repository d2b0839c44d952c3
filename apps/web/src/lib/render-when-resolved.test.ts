import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LOADER_AFTER_MS, renderWhenResolved } from './render-when-resolved.ts';

/** Whether React's startTransition is running its callback right now. */
const transition = vi.hoisted(() => ({ running: false }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    startTransition: (callback: () => void) => {
      transition.running = true;
      try {
        react.startTransition(callback);
      } finally {
        transition.running = false;
      }
    },
  };
});

const APP = 'the app';
const LOADER = 'the loader';

/** A root that records what it was given to render, and whether that was inside a transition. */
function recordingRoot() {
  const renders: { node: unknown; inTransition: boolean }[] = [];
  return {
    renders,
    render: (node: unknown) => void renders.push({ node, inTransition: transition.running }),
  };
}

function controlledResolve() {
  let settle!: (ok: boolean) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (ok) => (ok ? resolve() : reject(new Error('route failed')));
  });
  return { resolve: () => promise, settle };
}

describe('renderWhenResolved', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('renders nothing while the address resolves, then the app once, in a transition', async () => {
    const root = recordingRoot();
    const load = controlledResolve();
    renderWhenResolved(root, load.resolve, APP, LOADER);
    await vi.advanceTimersByTimeAsync(LOADER_AFTER_MS - 1);
    expect(root.renders).toEqual([]);

    load.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(root.renders).toEqual([{ node: APP, inTransition: true }]);

    await vi.advanceTimersByTimeAsync(10 * LOADER_AFTER_MS);
    expect(root.renders).toHaveLength(1);
  });

  test('a slow resolve shows the loader after a second, then the app in place of it', async () => {
    const root = recordingRoot();
    const load = controlledResolve();
    renderWhenResolved(root, load.resolve, APP, LOADER);
    await vi.advanceTimersByTimeAsync(LOADER_AFTER_MS);
    expect(root.renders).toEqual([{ node: LOADER, inTransition: false }]);

    load.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(root.renders.map((r) => r.node)).toEqual([LOADER, APP]);
    expect(root.renders[1]?.inTransition).toBe(true);
  });

  test('resolving starts in a task after the one that asked for it', async () => {
    const root = recordingRoot();
    const load = controlledResolve();
    const resolve = vi.fn(load.resolve);
    renderWhenResolved(root, resolve, APP, LOADER);
    await Promise.resolve();
    expect(resolve).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(0);
    expect(resolve).toHaveBeenCalledOnce();
    load.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(root.renders).toEqual([{ node: APP, inTransition: true }]);
  });

  test('a failed resolve still shows the app, whose router then shows the error', async () => {
    const root = recordingRoot();
    const load = controlledResolve();
    renderWhenResolved(root, load.resolve, APP, LOADER);
    await vi.advanceTimersByTimeAsync(0); // the load under way, then failing
    load.settle(false);
    await vi.advanceTimersByTimeAsync(10 * LOADER_AFTER_MS);
    expect(root.renders).toEqual([{ node: APP, inTransition: true }]);
  });
});
