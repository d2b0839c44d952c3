import type { SignalListItem } from '@candor/contracts/signals';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatUtc, SIGNAL_DIRECTION_LABELS, SIGNAL_DIRECTION_STYLES } from './signal-styles.ts';

type Sort = 'rating-desc' | 'rating-asc' | 'symbol';

function sortItems(items: readonly SignalListItem[], sort: Sort): SignalListItem[] {
  const copy = [...items];
  if (sort === 'symbol') return copy.sort((a, b) => a.symbol.localeCompare(b.symbol));
  // Instruments without a rating yet go last either way.
  const sign = sort === 'rating-desc' ? -1 : 1;
  return copy.sort((a, b) => {
    if (a.rating === null || b.rating === null) return a.rating === null ? (b.rating === null ? 0 : 1) : -1;
    return sign * (a.rating - b.rating) || a.symbol.localeCompare(b.symbol);
  });
}

/** The rated instruments, sortable by rating; each row opens the instrument's chart on /trades. */
export function SignalsTable({ items }: { items: readonly SignalListItem[] }) {
  const [sort, setSort] = useState<Sort>('rating-desc');
  const sorted = sortItems(items, sort);
  const ratingSort = sort === 'rating-desc' ? 'descending' : sort === 'rating-asc' ? 'ascending' : 'none';
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th
              scope="col"
              className="w-[38%] px-3 py-3 sm:w-[34%] sm:px-4"
              aria-sort={sort === 'symbol' ? 'ascending' : 'none'}
            >
              <button
                type="button"
                className="uppercase hover:text-slate-800"
                onClick={() => setSort('symbol')}
              >
                Instrument{sort === 'symbol' ? ' ↑' : ''}
              </button>
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4" aria-sort={ratingSort}>
              <button
                type="button"
                className="uppercase hover:text-slate-800"
                onClick={() => setSort(sort === 'rating-desc' ? 'rating-asc' : 'rating-desc')}
              >
                Rating{sort === 'rating-desc' ? ' ↓' : sort === 'rating-asc' ? ' ↑' : ''}
              </button>
            </th>
            <th scope="col" className="hidden w-[18%] px-4 py-3 sm:table-cell">
              Direction
            </th>
            <th scope="col" className="hidden w-[20%] px-4 py-3 md:table-cell">
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((item) => (
            <tr key={item.symbol} className="transition hover:bg-slate-50">
              <td className="px-3 py-3 sm:px-4">
                <Link
                  to="/trades"
                  search={{ symbol: item.symbol }}
                  className="block truncate font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label={`${item.symbol}, ${item.name}: open its chart`}
                >
                  {item.symbol}
                </Link>
                <span className="block truncate text-xs text-slate-500">{item.name}</span>
              </td>
              <td className="px-3 py-3 sm:px-4">
                <RatingBar item={item} />
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                {item.direction ? (
                  <span
                    className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${SIGNAL_DIRECTION_STYLES[item.direction].badge}`}
                  >
                    {SIGNAL_DIRECTION_LABELS[item.direction]}
                  </span>
                ) : (
                  <span className="text-xs text-slate-500">—</span>
                )}
              </td>
              <td className="hidden px-4 py-3 text-xs text-slate-500 tabular-nums md:table-cell">
                {item.computedAt === null ? '—' : formatUtc(new Date(item.computedAt * 1000))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RatingBar({ item }: { item: SignalListItem }) {
  if (item.rating === null || item.direction === null) {
    return <span className="text-xs text-slate-500">Not enough history yet</span>;
  }
  return (
    <div className="flex items-center gap-2">
      <span className="w-10 shrink-0 text-right font-semibold text-slate-800 tabular-nums">
        {item.rating}%
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the direction's colour in every browser */}
      <div
        role="meter"
        aria-label={`${item.symbol} rating`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.rating}
        aria-valuetext={`${item.rating}% · ${SIGNAL_DIRECTION_LABELS[item.direction]}`}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${SIGNAL_DIRECTION_STYLES[item.direction].bar}`}
          style={{ width: `${item.rating}%` }}
        />
      </div>
      <span
        className={`w-20 shrink-0 text-xs font-semibold sm:hidden ${SIGNAL_DIRECTION_STYLES[item.direction].text}`}
      >
        {SIGNAL_DIRECTION_LABELS[item.direction]}
      </span>
    </div>
  );
}
