import type { AuditFilter } from '@candor/contracts/audit';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { auditExportUrl } from './audit-api.ts';
import { AuditEntryList, AuditPager } from './audit-entry.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { ChainStatus } from './chain-status.tsx';
import { useAuditPages } from './use-audit-pages.ts';

/**
 * The Manage page's Audit log tab: whether the hash chain verifies, then every staff action newest
 * first, filtered on the server and paged by keyset, each row opening to its before and after.
 */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const { query, page, newer, older } = useAuditPages(filter);
  const filtered = Object.keys(filter).length > 0;

  return (
    <div className="space-y-4">
      <ChainStatus />
      <AuditFilters onApply={setFilter} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-500">Every staff action, newest first.</p>
        <a
          href={auditExportUrl(filter)}
          download
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-50"
        >
          Export CSV
        </a>
      </div>
      {query.isPending ? (
        <LoadingState>Loading the audit log...</LoadingState>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The audit log could not be loaded.</LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No audit rows found.">
          {filtered ? 'No staff action matches these filters.' : null}
        </EmptyState>
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <AuditEntryList entries={query.data.items} />
          <AuditPager page={page} newer={newer} older={older} loading={query.isPlaceholderData} />
        </div>
      )}
    </div>
  );
}
