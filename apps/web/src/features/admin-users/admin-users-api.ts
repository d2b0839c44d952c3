import { type AdminUserFilter, AdminUserListPageSchema } from '@candor/contracts/admin-user-list';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The filter as query parameters (the list's and the CSV export's); defaults left out. */
export function filterParams(filter: AdminUserFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.status) params.set('status', filter.status);
  if (filter.verification) params.set('verification', filter.verification);
  if (filter.sort !== 'newest') params.set('sort', filter.sort);
  return params;
}

export function adminUsersPageQuery(page: number, filter: AdminUserFilter) {
  const params = filterParams(filter);
  params.set('page', String(page));
  return queryOptions({
    queryKey: queryKeys.adminUsers.page({ page, ...Object.fromEntries(filterParams(filter)) }),
    queryFn: ({ signal }) => apiRequest(`/api/admin/users?${params}`, AdminUserListPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the CSV of the filter (the session cookie goes with it). */
export function exportUrl(filter: AdminUserFilter): string {
  const params = filterParams(filter);
  const query = params.toString();
  return `/api/admin/users/export.csv${query ? `?${query}` : ''}`;
}
