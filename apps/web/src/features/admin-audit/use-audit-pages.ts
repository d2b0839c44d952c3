import type { AuditFilter } from '@candor/contracts/audit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditPageQuery } from './audit-api.ts';

/**
 * The audit log a page at a time, newest first (keyset paging: each page starts below the last row
 * of the one before). Older follows the server's cursor; Newer goes back the way it came.
 */
export function useAuditPages(filter: AuditFilter) {
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const [filterKey, setFilterKey] = useState(JSON.stringify(filter));
  const key = JSON.stringify(filter);
  // New filters start again from the newest row.
  const trail = key === filterKey ? cursors : [undefined];
  if (key !== filterKey) {
    setFilterKey(key);
    setCursors([undefined]);
  }
  const before = trail[trail.length - 1];
  const query = useQuery(auditPageQuery(filter, before));
  const nextBefore = query.data?.nextBefore ?? null;
  return {
    query,
    page: trail.length,
    newer: trail.length > 1 ? () => setCursors(trail.slice(0, -1)) : undefined,
    older:
      nextBefore !== null && !query.isPlaceholderData ? () => setCursors([...trail, nextBefore]) : undefined,
  };
}
