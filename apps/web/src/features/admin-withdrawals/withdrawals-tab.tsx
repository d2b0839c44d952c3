import { toMinorUnits } from '@candor/contracts/money';
import { type AdminWithdrawalItem, withdrawalStatusLabel } from '@candor/contracts/withdrawals';
import { formatUsd } from '@candor/domain/money/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { adminWithdrawalsPageQuery } from './admin-withdrawals-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { useWithdrawalDecision } from './use-withdrawal-decision.ts';
import { STATUS_STYLES, WithdrawalsTabSearchSchema } from './withdrawals-tab-search.ts';

/** The Manage page's Withdrawals tab: search by e-mail and pages run on the server, five a page. */
export function WithdrawalsTab() {
  const { page, search } = WithdrawalsTabSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate({ from: '/all-user' });
  const [draft, setDraft] = useState(search);
  const debounced = useDebouncedValue(draft.trim(), 300);
  const applied = useRef(search);

  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    void navigate({ search: { tab: 'withdrawals', search: debounced || undefined }, replace: true });
  }, [debounced, navigate]);

  const goTo = (next: number) =>
    void navigate({
      search: { tab: 'withdrawals', search: search || undefined, page: next > 1 ? next : undefined },
    });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    adminWithdrawalsPageQuery(page, search),
  );

  return (
    <div className="space-y-4">
      <TextField
        className="w-full sm:max-w-sm"
        label="Search by email"
        type="search"
        placeholder="name@example.com"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      {isPending ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-16 text-sm text-slate-500"
        >
          <Spinner className="h-5 w-5 text-brand-600" /> Loading withdrawals...
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          The withdrawals could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState title="No withdrawals found.">
          {search ? 'No withdrawal was requested from an address matching your search.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <WithdrawalsTable items={data.items} />
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
            <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <p className="flex items-center gap-2 text-sm text-slate-600">
              {isPlaceholderData ? <Spinner className="h-4 w-4 text-brand-600" /> : null}
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

function WithdrawalsTable({ items }: { items: readonly AdminWithdrawalItem[] }) {
  const navigate = useNavigate();
  const { decide, deciding } = useWithdrawalDecision();
  const [rejecting, setRejecting] = useState<AdminWithdrawalItem | null>(null);

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Amount
            </th>
            <th scope="col" className="hidden px-4 py-3 md:table-cell">
              Method
            </th>
            <th scope="col" className="hidden px-4 py-3 lg:table-cell">
              Address
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Actions
            </th>
            <th scope="col" className="hidden px-4 py-3 text-right xl:table-cell">
              Date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => {
            const label = withdrawalStatusLabel(item.status);
            const busy = deciding === item.id;
            return (
              <tr
                key={item.id}
                className="cursor-pointer transition hover:bg-slate-50"
                onClick={() => void navigate({ to: '/withdrawal/$id', params: { id: item.id } })}
              >
                <td className="max-w-0 px-4 py-3 sm:max-w-48">
                  <Link
                    to="/withdrawal/$id"
                    params={{ id: item.id }}
                    className="block truncate font-medium text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {item.email}
                  </Link>
                  <span className="mt-0.5 block truncate text-xs text-slate-500 sm:hidden">
                    {label} · {item.methodLabel}
                  </span>
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                  {formatUsd(toMinorUnits(item.amount))}
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                  {item.methodLabel}
                </td>
                <td className="hidden max-w-40 px-4 py-3 lg:table-cell">
                  <span className="block truncate font-mono text-xs text-slate-700" title={item.address}>
                    {item.address}
                  </span>
                </td>
                <td className="hidden px-4 py-3 sm:table-cell">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[label] ?? STATUS_STYLES.Unknown}`}
                  >
                    {label}
                  </span>
                </td>
                <td className="px-4 py-3">
                  {item.status === 'pending' ? (
                    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the row's click away from the buttons
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle the keyboard
                    <div className="flex gap-2" onClick={(event) => event.stopPropagation()}>
                      <Button
                        className="px-3 py-1.5 text-xs"
                        disabled={busy}
                        aria-label={`Approve the withdrawal of ${item.email}`}
                        onClick={() => void decide(item.id, { kind: 'approve' })}
                      >
                        Approve
                      </Button>
                      <Button
                        variant="danger"
                        className="px-3 py-1.5 text-xs"
                        disabled={busy}
                        aria-label={`Reject the withdrawal of ${item.email}`}
                        onClick={() => setRejecting(item)}
                      >
                        Reject
                      </Button>
                    </div>
                  ) : (
                    <span className="text-xs text-slate-400">—</span>
                  )}
                </td>
                <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums xl:table-cell">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rejecting ? (
        <ReasonDialog
          title="Reject withdrawal"
          description={`${formatUsd(toMinorUnits(rejecting.amount))} to ${rejecting.email}. The reserved amount returns to the customer's balance.`}
          confirmLabel="Reject withdrawal"
          busyLabel="Rejecting..."
          required
          hint="Shown to the customer."
          busy={deciding === rejecting.id}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            await decide(rejecting.id, { kind: 'reject', reason });
            setRejecting(null);
          }}
        />
      ) : null}
    </div>
  );
}
