import type { MessageItem } from '@candor/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import {
  type Column,
  DataTable,
  OpeningRow,
  WRAPPING_ROW_LINK_CLASS,
} from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { messagesPageQuery } from './messages-api.ts';
import { MessagesSearchSchema } from './messages-search.ts';

const COLUMNS: readonly Column[] = [
  { label: 'Subject' },
  { label: 'Date', className: 'hidden w-48 text-right sm:table-cell' },
];

/** /messages: every e-mail the site sent you (codes, links, notices), newest first, 20 a page. */
export function MessagesPage() {
  useDocumentBranding('Messages');
  const { page } = MessagesSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(messagesPageQuery(page));
  const goTo = (next: number) =>
    void navigate({ to: '/messages', search: { page: next > 1 ? next : undefined } });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Messages"
        description="Every e-mail this site sent you: confirmation codes, links and notices. Only you can read them."
      />

      {isPending ? (
        <LoadingState>Loading messages...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your messages could not be loaded.</LoadError>
      ) : data.total === 0 ? (
        <EmptyState title="No messages yet.">
          Withdrawal codes, password reset and verification links we send you will appear here.
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <MessagesTable items={data.items} />
          <Pagination
            page={page}
            loaded={data}
            onPage={goTo}
            loading={isPlaceholderData}
            waitForPage
            announce
          />
        </div>
      )}
    </div>
  );
}

function MessagesTable({ items }: { items: readonly MessageItem[] }) {
  const navigate = useNavigate();
  return (
    <DataTable columns={COLUMNS} fixed>
      {items.map((item) => (
        <OpeningRow
          key={item.id}
          onOpen={() => void navigate({ to: '/messages/$id', params: { id: item.id } })}
        >
          <td className="px-4 py-3">
            {/* A long subject wraps (the whole of it is what tells messages apart); the dot stays by its first line. */}
            <span className="flex items-start gap-2">
              {item.read ? null : (
                <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
              )}
              <Link
                to="/messages/$id"
                params={{ id: item.id }}
                className={`${WRAPPING_ROW_LINK_CLASS} min-w-0 ${item.read ? 'font-normal' : 'font-semibold'}`}
                onClick={(event) => event.stopPropagation()}
              >
                {item.subject}
                {/* The dot and the bold show it; the words are for screen readers, not a phone's narrow row. */}
                {item.read ? null : <span className="sr-only"> (unread)</span>}
              </Link>
            </span>
            <span className="mt-0.5 block truncate text-xs text-slate-500 sm:hidden" aria-hidden="true">
              {formatDateTime(item.createdAt)}
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
