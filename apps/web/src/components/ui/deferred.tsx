import { type ReactNode, useDeferredValue } from 'react';

/**
 * Its children, rendered by a background render right after the one that shows the page's heading
 * (React's `useDeferredValue` with a first value): that first render stays short, so the heading is
 * painted sooner, and the rest of the page is rendered in slices of a few milliseconds that leave the
 * browser free to paint and to answer a tap between them (docs/decisions/036). Until then, `fallback`.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
