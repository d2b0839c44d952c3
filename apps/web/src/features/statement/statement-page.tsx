import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { statementQuery } from './statement-api.ts';
import { StatementEntries } from './statement-entries.tsx';
import { StatementSearchSchema } from './statement-search.ts';

/** /statement: every ledger entry of the customer's accounts, newest first, 20 a page. */
export function StatementPage() {
  useDocumentBranding('Statement');
  const { page } = StatementSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate({ from: '/statement' });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(statementQuery(page));
  const goTo = (next: number) => void navigate({ search: { page: next > 1 ? next : undefined } });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Statement"
        description="Every movement of your account, newest first: deposits, withdrawals, fees and adjustments."
      />

      {isPending ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-16 text-sm text-slate-500"
        >
          <Spinner className="h-5 w-5 text-brand-600" /> Loading transactions...
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Your statement could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.total === 0 ? (
        <EmptyState title="No transactions yet.">
          Deposits, withdrawals and any adjustment to your balance will appear here.
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {data.items.length === 0 ? (
            <EmptyState title="There is nothing on this page.">
              <button
                type="button"
                className="font-semibold text-brand-700 hover:underline"
                onClick={() => goTo(data.pageCount)}
              >
                Go to the last page
              </button>
            </EmptyState>
          ) : (
            <StatementEntries entries={data.items} label="Transactions" />
          )}
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
            <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
              {isPlaceholderData ? <Spinner className="h-4 w-4 text-brand-600" /> : null}
              Page {data.page} of {Math.max(data.pageCount, 1)}
            </p>
            <Button
              variant="secondary"
              disabled={page >= data.pageCount || isPlaceholderData}
              onClick={() => goTo(page + 1)}
            >
              Next
            </Button>
          </nav>
        </div>
      )}
    </div>
  );
}
