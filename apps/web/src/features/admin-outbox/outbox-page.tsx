import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { EmailSearchField } from '../../components/ui/email-search-field.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { RoleNotAllowed } from '../../components/ui/role-not-allowed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { outboxPageQuery } from './outbox-api.ts';
import { KEPT_EXPLAINED, OutboxTable } from './outbox-table.tsx';

export function OutboxPage() {
  useDocumentBranding('Delivery log');
  const canRead = useCan('outbox.read');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Delivery log"
        description="Every e-mail the platform sent: to whom, its subject, when, and whether it was delivered. What a message says (a code, a link) is its addressee's alone: they read it in their Messages."
        actions={
          <Link
            to="/all-user"
            className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-50"
          >
            Back to Manage
          </Link>
        }
      />
      {canRead ? <DeliveryLog /> : <RoleNotAllowed permission="outbox.read" doing="read the delivery log" />}
    </div>
  );
}

function DeliveryLog() {
  const { page, search, setSearch, setPage } = useListPlace('/admin/outbox');
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(outboxPageQuery(page, search));

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <EmailSearchField search={search} onSearch={setSearch} />
        {data ? (
          <p className="flex items-center gap-2 text-sm text-slate-500" aria-live="polite">
            {isPlaceholderData ? <Spinner className="h-4 w-4 text-brand-600" /> : null}
            {data.total === 1 ? '1 e-mail' : `${data.total.toLocaleString()} e-mails`}
          </p>
        ) : null}
      </div>

      {isPending ? (
        <LoadingState>Loading the delivery log...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The delivery log could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No e-mail sent yet.">
          {search ? 'No e-mail was sent to an address matching your search.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {data.items.some((item) => item.status === 'kept') ? (
            <p className="mb-3 text-sm text-slate-500">{KEPT_EXPLAINED}</p>
          ) : null}
          <OutboxTable items={data.items} />
          <Pagination page={page} loaded={data} onPage={setPage} />
        </div>
      )}
    </>
  );
}
