import type { OutboxItem } from '@candor/contracts/outbox';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDateTime } from '../../lib/format-date.ts';

/** The outbox's rows. A row opens its message; the subject is the keyboard-reachable link. */
export function OutboxTable({ items }: { items: readonly OutboxItem[] }) {
  const navigate = useNavigate();
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="hidden w-1/3 px-4 py-3 sm:table-cell">
              To
            </th>
            <th scope="col" className="px-4 py-3">
              Subject
            </th>
            <th scope="col" className="hidden w-48 px-4 py-3 text-right sm:table-cell">
              Date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr
              key={item.id}
              className="cursor-pointer transition hover:bg-slate-50"
              onClick={() => void navigate({ to: '/admin/outbox/$id', params: { id: item.id } })}
            >
              <td className="hidden truncate px-4 py-3 text-slate-700 sm:table-cell" title={item.to}>
                {item.to}
              </td>
              <td className="px-4 py-3">
                <Link
                  to="/admin/outbox/$id"
                  params={{ id: item.id }}
                  className="block truncate font-medium text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={(event) => event.stopPropagation()}
                >
                  {item.subject}
                </Link>
                <span className="mt-0.5 block truncate text-xs text-slate-500 sm:hidden" aria-hidden="true">
                  {item.to} · {formatDateTime(item.createdAt)}
                </span>
              </td>
              <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums sm:table-cell">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
