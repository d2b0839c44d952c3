import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

type Props = {
  /** The page asked for: Previous and Next move from it. */
  page: number;
  /** The page on screen and the page count it came with (the last page, while the next loads). */
  loaded: { page: number; pageCount: number };
  onPage: (page: number) => void;
  /** The page asked for is loading: a spinner shows beside "Page x of y". */
  loading?: boolean;
  /** Next stays disabled while a page loads. */
  waitForPage?: boolean;
  /** "Page x of y" is announced to screen readers when it changes. */
  announce?: boolean;
};

/** "Page x of y" between Previous and Next; an empty list reads "Page 1 of 1". */
export function Pagination({
  page,
  loaded,
  onPage,
  loading = false,
  waitForPage = false,
  announce = false,
}: Props) {
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p
        className="flex items-center gap-2 text-sm text-slate-600"
        aria-live={announce ? 'polite' : undefined}
      >
        {loading ? <Spinner className="h-4 w-4 text-brand-600" /> : null}
        Page {loaded.page} of {Math.max(loaded.pageCount, 1)}
      </p>
      <Button
        variant="secondary"
        disabled={page >= loaded.pageCount || (waitForPage && loading)}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
