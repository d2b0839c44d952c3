import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { outboxPageQuery } from './outbox-api.ts';
import { OutboxSearchSchema } from './outbox-search.ts';
import { OutboxTable } from './outbox-table.tsx';

export function OutboxPage() {
  useDocumentBranding('Outbox');
  const { page, search } = OutboxSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate({ from: '/admin/outbox' });
  const [draft, setDraft] = useState(search);
  const debounced = useDebouncedValue(draft.trim(), 300);
  const applied = useRef(search);

  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    void navigate({ search: { search: debounced || undefined }, replace: true });
  }, [debounced, navigate]);

  const goTo = (next: number) =>
    void navigate({ search: { search: search || undefined, page: next > 1 ? next : undefined } });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(outboxPageQuery(page, search));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Outbox"
        description="E-mail the platform has sent: verification links, password resets and notices."
        actions={
          <Link
            to="/all-user"
            className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-50"
          >
            Back to Manage
          </Link>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          className="w-full sm:max-w-sm"
          label="Search by email"
          type="search"
          placeholder="name@example.com"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {data ? (
          <p className="flex items-center gap-2 text-sm text-slate-500" aria-live="polite">
            {isPlaceholderData ? <Spinner className="h-4 w-4 text-brand-600" /> : null}
            {data.total === 1 ? '1 message' : `${data.total.toLocaleString()} messages`}
          </p>
        ) : null}
      </div>

      {isPending ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-16 text-sm text-slate-500"
        >
          <Spinner className="h-5 w-5 text-brand-600" /> Loading messages...
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          The messages could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState title="No messages.">
          {search ? 'No e-mail was sent to an address matching your search.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <OutboxTable items={data.items} />
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
            <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <p className="text-sm text-slate-600">
              Page {data.page} of {Math.max(data.pageCount, 1)}
            </p>
            <Button variant="secondary" disabled={page >= data.pageCount} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </nav>
        </div>
      )}
    </div>
  );
}
