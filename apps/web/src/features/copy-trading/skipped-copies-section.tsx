import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { DIRECTION_LABELS, directionToneClass } from '../../lib/trade-format.ts';
import { skippedCopiesQuery } from './copy-trading-api.ts';

/** A follower's own skipped copies: the providers' trades that were not copied, and why. */
export function SkippedCopiesSection() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(skippedCopiesQuery(page));
  return (
    <section aria-labelledby="skipped-copies" className="space-y-3">
      <div>
        <h2 id="skipped-copies" className="text-lg font-semibold text-slate-900">
          Skipped copies
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          Trades of the traders you copy that could not be copied to your account.
        </p>
      </div>
      {isPending ? (
        <LoadingState>Loading skipped copies...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your skipped copies could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No skipped copies.">
          When a trade cannot be copied for you, it shows here with the reason.
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ul
            aria-label="Skipped copies"
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            {data.items.map((item) => (
              <li key={item.id} className="px-4 py-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 text-slate-900">
                    <span className="font-medium">{item.provider.displayName}</span>
                    <span className="text-slate-500"> · </span>
                    <span className={`font-semibold ${directionToneClass(item.direction)}`}>
                      {DIRECTION_LABELS[item.direction]}
                    </span>{' '}
                    <span className="font-medium">{item.symbol}</span>
                  </p>
                  <time dateTime={item.skippedAt} className="text-xs whitespace-nowrap text-slate-500">
                    {formatDateTime(item.skippedAt)}
                  </time>
                </div>
                <p className="mt-1 text-slate-600">{item.message}</p>
              </li>
            ))}
          </ul>
          {data.pageCount > 1 ? (
            <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} />
          ) : null}
        </div>
      )}
    </section>
  );
}
