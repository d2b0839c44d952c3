import { type ReactNode, startTransition } from 'react';
import type { Root } from 'react-dom/client';

/** How long the address may take to resolve before the loader is shown (the router's own pendingMs). */
export const LOADER_AFTER_MS = 1000;

/**
 * Shows `app` once `resolve` (the router's first load: the route's code, its session check, any
 * redirect) has settled, in a React transition (docs/decisions/036):
 *
 * - the first render is of the page as it will stay, not of a router still pending that renders
 *   the whole tree again, synchronously, the moment it resolves;
 * - a transition's render yields to the browser every few milliseconds, so it is many short tasks
 *   instead of one long one (the commit that puts it on screen stays one task).
 *
 * Resolving starts in a task of its own, after the one that called this (where the router was
 * made): two shorter tasks instead of one long one, often each under the browser's 50 ms long-task
 * line on a phone (docs/decisions/036).
 *
 * Until then the root stays empty, as it was while the scripts loaded; if resolving takes longer
 * than `LOADER_AFTER_MS` (a slow network fetching a route's code), `loader` is shown meanwhile. A
 * failed resolve still shows `app`: the router then shows its own error.
 */
export function renderWhenResolved(
  root: Pick<Root, 'render'>,
  resolve: () => Promise<unknown>,
  app: ReactNode,
  loader: ReactNode,
): void {
  const slow = setTimeout(() => root.render(loader), LOADER_AFTER_MS);
  const show = () => {
    clearTimeout(slow);
    startTransition(() => root.render(app));
  };
  setTimeout(() => resolve().then(show, show));
}
