import { useCallback, useEffect, useState } from 'react';

/**
 * Whether a long native select should list all its options yet: false for the render that first
 * shows it, true from a task of its own right after (or at once, when `listNow` is called from the
 * select's focus or pointer-down). A closed select shows only its chosen option, but every `<option>`
 * it holds is styled with the page's first paint: the dashboard's catalogue of ~77 instruments was
 * ~245 of the first style pass's 351 elements on a slow phone (docs/decisions/036).
 */
export function useListedLater(): { listed: boolean; listNow: () => void } {
  const [listed, setListed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setListed(true), 0);
    return () => clearTimeout(timer);
  }, []);
  const listNow = useCallback(() => setListed(true), []);
  return { listed, listNow };
}
