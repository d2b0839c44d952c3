import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { LinkedText } from './linked-text.tsx';
import { markMessageRead, messageQuery } from './messages-api.ts';

/** /messages/$id: one of your messages, marked read once it is shown. */
export function MessagePage() {
  useDocumentBranding('Messages');
  const { id = '' } = useParams({ strict: false });
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery(messageQuery(id));
  const unread = data !== undefined && data.readAt === null;

  useEffect(() => {
    if (!unread) return;
    void markMessageRead(id)
      .then(() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages }),
          queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
        ]),
      )
      .catch(() => undefined);
  }, [id, unread, queryClient]);

  return (
    <div className="space-y-4">
      <BackLink to="/messages" label="Messages" />

      {isPending ? (
        <LoadingState plain>Loading message...</LoadingState>
      ) : error ? (
        <EmptyState
          title={isApiError(error, 'NOT_FOUND') ? 'Message not found.' : 'The message could not be loaded.'}
        >
          <Link to="/messages" className="font-semibold text-brand-700 hover:underline">
            Back to your messages
          </Link>
        </EmptyState>
      ) : (
        <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <header className="border-b border-slate-200 p-5 sm:p-6">
            <h1 className="text-xl font-semibold tracking-tight break-words text-slate-900">
              {data.subject}
            </h1>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <Header label="To">{data.to}</Header>
              <Header label="Date">
                <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
              </Header>
            </dl>
          </header>
          <pre className="overflow-x-auto p-5 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 sm:p-6">
            <LinkedText text={data.text} />
          </pre>
        </article>
      )}
    </div>
  );
}

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </>
  );
}
