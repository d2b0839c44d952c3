import type { OutboxItem } from '@candor/contracts/outbox';
import { Link, useNavigate } from '@tanstack/react-router';
import { type Column, DataTable, OpeningRow, ROW_LINK_CLASS } from '../../components/ui/data-table.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

const COLUMNS: readonly Column[] = [
  { label: 'To', className: 'hidden w-1/3 sm:table-cell' },
  { label: 'Subject' },
  { label: 'Date', className: 'hidden w-48 text-right sm:table-cell' },
];

/** The outbox's rows. A row opens its message; the subject is the keyboard-reachable link. */
export function OutboxTable({ items }: { items: readonly OutboxItem[] }) {
  const navigate = useNavigate();
  return (
    <DataTable columns={COLUMNS} fixed>
      {items.map((item) => (
        <OpeningRow
          key={item.id}
          onOpen={() => void navigate({ to: '/admin/outbox/$id', params: { id: item.id } })}
        >
          <td className="hidden truncate px-4 py-3 text-slate-700 sm:table-cell" title={item.to}>
            {item.to}
          </td>
          <td className="px-4 py-3">
            <Link
              to="/admin/outbox/$id"
              params={{ id: item.id }}
              className={ROW_LINK_CLASS}
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
        </OpeningRow>
      ))}
    </DataTable>
  );
}
