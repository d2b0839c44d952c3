import { SEARCH_MAX_LENGTH } from '@candor/contracts/search';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { TextField } from './text-field.tsx';

/**
 * The "Search by email" box of a server-searched list. `search` is the search in force; the
 * trimmed text goes to `onSearch` once typing pauses for 300 ms, and only when it changed.
 */
export function EmailSearchField({
  search,
  onSearch,
  label = 'Search by email',
  placeholder = 'name@example.com',
}: {
  search: string;
  onSearch: (search: string) => void;
  /** The Users tab also finds usernames and names. */
  label?: string;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(search);
  const debounced = useDebouncedValue(draft.trim(), 300);
  const applied = useRef(search);

  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);

  return (
    <TextField
      className="w-full sm:max-w-sm"
      label={label}
      type="search"
      placeholder={placeholder}
      autoComplete="off"
      maxLength={SEARCH_MAX_LENGTH}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
    />
  );
}
