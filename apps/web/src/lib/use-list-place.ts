import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { z } from 'zod';

/**
 * A searchable list's place lives in the URL (`?page=2&search=ada`), so the back button returns
 * to it. The router reads `?search=123` as a number: accept both.
 */
const ListPlaceSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  search: z
    .union([z.string(), z.number().transform(String)])
    .catch('')
    .transform((v) => v.trim()),
});

/** The pages that keep a server-paged list's place in their URL (their routes validate no search). */
type ListRoute = '/all-user' | '/admin/outbox';

/**
 * The page and search of the list on `from`, and how to change them. `keep` stays in the URL
 * beside them (the Manage page's `{ tab: 'deposits' }`). A new search replaces the history entry
 * and starts again at page 1; a new page adds an entry.
 */
export function useListPlace(from: ListRoute, keep: Readonly<Record<string, string>> = {}) {
  const { page, search } = ListPlaceSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate({ from });
  const router = useRouter();
  const setSearch = (next: string) => {
    // A search applied late (it waits for typing to pause) must not pull the person back here
    // when they have already opened something else (say, a row's View while its page loads).
    if (router.latestLocation.pathname !== from) return;
    void navigate({ search: { ...keep, search: next || undefined }, replace: true });
  };
  const setPage = (next: number) =>
    void navigate({ search: { ...keep, search: search || undefined, page: next > 1 ? next : undefined } });
  return { page, search, setSearch, setPage };
}
