import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { AuditEntryList, AuditPager } from './audit-entry.tsx';
import { useAuditPages } from './use-audit-pages.ts';

/** /user/{id}: the audit rows whose subject is this customer, newest first (staff with 'audit.read'). */
export function AccountAuditHistory({ userId }: { userId: string }) {
  const { query, page, newer, older } = useAuditPages({ subject: userId });
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold text-slate-900">Audit history</h2>
      {query.isPending ? (
        <LoadingState plain padding="py-6">
          Loading the audit history...
        </LoadingState>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The audit history could not be loaded.</LoadError>
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-slate-500">No staff action on this account yet.</p>
      ) : (
        <>
          <AuditEntryList entries={query.data.items} showSubject={false} />
          {newer || older ? (
            <AuditPager page={page} newer={newer} older={older} loading={query.isPlaceholderData} />
          ) : null}
        </>
      )}
    </Card>
  );
}
