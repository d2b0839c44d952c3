import { type ActiveSession, describeUserAgent, type SignInRecord } from '@candor/contracts/user-activity';
import { formatDateTime } from '../../lib/format-date.ts';
import { Button } from './button.tsx';
import { type Column, DataTable } from './data-table.tsx';

const SIGN_IN_COLUMNS: readonly Column[] = [
  { label: 'Time' },
  { label: 'Address', className: 'hidden sm:table-cell' },
  { label: 'Browser' },
];

/** Recent sign-ins: when, from which address, which browser (the customer's and staff's view). */
export function SignInsTable({ signIns }: { signIns: readonly SignInRecord[] }) {
  return (
    <DataTable columns={SIGN_IN_COLUMNS}>
      {signIns.map((signIn) => (
        <tr key={signIn.id}>
          <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
            <time dateTime={signIn.createdAt}>{formatDateTime(signIn.createdAt)}</time>
            <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
              {signIn.ipAddress ?? 'Unknown address'}
            </span>
          </td>
          <td className="hidden px-4 py-3 font-mono text-xs text-slate-700 sm:table-cell">
            {signIn.ipAddress ?? 'Unknown'}
          </td>
          <td className="px-4 py-3 text-slate-700" title={signIn.userAgent ?? undefined}>
            {describeUserAgent(signIn.userAgent)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const SESSION_COLUMNS: readonly Column[] = [
  { label: 'Browser' },
  { label: 'Address', className: 'hidden md:table-cell' },
  { label: 'Started', className: 'hidden sm:table-cell' },
  { label: 'Last active / expires', className: 'hidden lg:table-cell' },
  { label: 'Action', className: 'text-right' },
];

/**
 * Active sessions, the one of this browser marked; `onEnd` adds an "End session" button to each
 * (left out where the viewer may not end them).
 */
export function SessionsTable({
  sessions,
  onEnd,
  endingId,
}: {
  sessions: readonly ActiveSession[];
  onEnd?: (session: ActiveSession) => void;
  /** The session being ended: its button waits. */
  endingId?: string | null;
}) {
  const columns = onEnd ? SESSION_COLUMNS : SESSION_COLUMNS.slice(0, -1);
  return (
    <DataTable columns={columns} scroll>
      {sessions.map((session) => (
        <tr key={session.id}>
          <td className="px-4 py-3 text-slate-900">
            <span className="font-medium" title={session.userAgent ?? undefined}>
              {describeUserAgent(session.userAgent)}
            </span>
            {session.current ? (
              <span className="ml-2 inline-flex rounded-full whitespace-nowrap bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
                This browser
              </span>
            ) : null}
            <span className="mt-0.5 block text-xs text-slate-500 md:hidden">
              {session.ipAddress ?? 'Unknown address'}
              <span className="sm:hidden"> · since {formatDateTime(session.createdAt)}</span>
            </span>
          </td>
          <td className="hidden px-4 py-3 font-mono text-xs text-slate-700 md:table-cell">
            {session.ipAddress ?? 'Unknown'}
          </td>
          <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">
            <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          </td>
          <td className="hidden px-4 py-3 whitespace-nowrap text-slate-500 tabular-nums lg:table-cell">
            <time dateTime={session.lastActiveAt}>{formatDateTime(session.lastActiveAt)}</time>
            <span className="block text-xs">
              expires <time dateTime={session.expiresAt}>{formatDateTime(session.expiresAt)}</time>
            </span>
          </td>
          {onEnd ? (
            <td className="px-4 py-3 text-right">
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-xs whitespace-nowrap"
                disabled={endingId === session.id}
                onClick={() => onEnd(session)}
              >
                {endingId === session.id ? 'Ending...' : session.current ? 'Sign out' : 'End session'}
              </Button>
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
