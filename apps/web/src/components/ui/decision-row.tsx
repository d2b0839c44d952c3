import { Link, useNavigate } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import { formatDateTime } from '../../lib/format-date.ts';
import { OpeningRow, PHONE_WRAPPING_LINK_CLASS } from './data-table.tsx';
import { RowDecisionButtons } from './decision-buttons.tsx';
import { EmailText } from './email-text.tsx';

/** The date under the e-mail hides where the date's own column shows. */
const DATE_UNDER_EMAIL_HIDDEN_FROM = { 'lg:table-cell': 'lg:hidden', 'xl:table-cell': 'xl:hidden' } as const;

/**
 * A money record's row in an administrator's list (a deposit, a withdrawal): the row opens the
 * record's page, its e-mail links there (with `summary` under it on phones, where the other
 * columns hide), then the amount, the record's own `children` columns, Approve and Reject while
 * it can be decided (`decisions`; stacked on phones, so the row fits the card), and the date (under
 * the e-mail where its own column is hidden, so a phone still tells which request came first).
 */
export function DecisionRow({
  to,
  record,
  amount,
  summary,
  emailWidth,
  dateShownFrom,
  decisions,
  children,
}: {
  to: '/deposit/$id' | '/withdrawal/$id';
  record: { id: string; email: string; createdAt: string };
  amount: string;
  summary: string;
  emailWidth: 'sm:max-w-none' | 'sm:max-w-48';
  dateShownFrom: 'lg:table-cell' | 'xl:table-cell';
  decisions: ComponentProps<typeof RowDecisionButtons> | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <OpeningRow onOpen={() => void navigate({ to, params: { id: record.id } })}>
      <td className={`w-full max-w-0 px-4 py-3 sm:w-auto ${emailWidth}`}>
        <Link
          to={to}
          params={{ id: record.id }}
          className={PHONE_WRAPPING_LINK_CLASS}
          onClick={(event) => event.stopPropagation()}
        >
          <EmailText email={record.email} />
        </Link>
        <span className="mt-0.5 block text-xs break-words text-slate-500 sm:hidden">{summary}</span>
        <span
          className={`mt-0.5 block text-xs text-slate-500 tabular-nums ${DATE_UNDER_EMAIL_HIDDEN_FROM[dateShownFrom]}`}
        >
          <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
        </span>
      </td>
      <td className="px-3 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums sm:px-4">{amount}</td>
      {children}
      <td className="py-3 pr-3 pl-1 sm:px-4">
        {decisions ? (
          <RowDecisionButtons {...decisions} />
        ) : (
          <span className="text-xs text-slate-500">—</span>
        )}
      </td>
      <td className={`hidden min-w-28 px-4 py-3 text-right text-slate-500 tabular-nums ${dateShownFrom}`}>
        <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
      </td>
    </OpeningRow>
  );
}
