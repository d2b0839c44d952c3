import { type AuditFilter, AuditPageSchema, AuditVerificationSchema } from '@candor/contracts/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The filters as query parameters (empty ones left out). */
export function auditParams(filter: AuditFilter, before?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  if (before !== undefined) params.set('before', String(before));
  return params;
}

/** One page of the audit log, newest first: rows numbered below `before` (undefined: the newest). */
export function auditPageQuery(filter: AuditFilter, before: number | undefined) {
  const params = auditParams(filter, before);
  return queryOptions({
    queryKey: queryKeys.adminAudit.page({ ...filter, before: before ?? 0 }),
    queryFn: ({ signal }) => apiRequest(`/api/admin/audit?${params}`, AuditPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function auditVerificationQuery() {
  return queryOptions({
    queryKey: queryKeys.auditVerification,
    queryFn: ({ signal }) => apiRequest('/api/admin/audit/verification', AuditVerificationSchema, { signal }),
    // A check reads the whole log: opening the tab again within a minute shows the last answer
    // ("Check again" runs a new one).
    staleTime: 60_000,
  });
}

/** Where the filtered log downloads as CSV. */
export function auditExportUrl(filter: AuditFilter): string {
  const params = auditParams(filter);
  const query = params.toString();
  return `/api/admin/audit/export.csv${query ? `?${query}` : ''}`;
}
