import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come into the window's view (once it has, it stays true): a heavy
 * widget below the first screen is made when a person scrolls to it, not with the page. Where
 * the browser cannot tell (no IntersectionObserver), it counts as seen at once.
 */
export function useSeenOnScreen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
