import type { MailDeliveryStatus, OutboxItem } from '@candor/contracts/outbox';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { EmailText } from '../../components/ui/email-text.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

const COLUMNS: readonly Column[] = [
  { label: 'To', className: 'hidden w-1/5 sm:table-cell' },
  { label: 'Subject' },
  { label: 'Delivery', className: 'w-36 sm:w-1/3 lg:w-1/4' },
  { label: 'Date', className: 'hidden w-52 text-right sm:table-cell' },
];

export const DELIVERY_LABELS = {
  kept: 'Kept (no SMTP)',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
} as const satisfies Record<MailDeliveryStatus, string>;

/**
 * What "Kept (no SMTP)" means, said once above the rows that carry it (on every row it filled a
 * phone's narrow column, row after row). Kept only for an account (a customer's or a staff
 * member's): its addressee reads it there.
 */
export const KEPT_EXPLAINED =
  "Kept (no SMTP): not sent, as no SMTP server is configured; each is kept in its addressee's Messages.";

/** What the delivery column says beside the status: attempts, the SMTP error, the next try. */
function deliveryDetail(item: OutboxItem): string | null {
  const attempts = item.attempts === 1 ? '1 attempt' : `${item.attempts} attempts`;
  switch (item.status) {
    case 'kept':
      return null;
    case 'sending':
      return item.attempts > 0 ? `${attempts} so far` : null;
    case 'sent':
      return item.sentAt ? `${attempts}, sent ${formatDateTime(item.sentAt)}` : attempts;
    case 'retrying':
      return `${attempts}; next try ${item.nextAttemptAt ? formatDateTime(item.nextAttemptAt) : 'soon'}`;
    case 'failed':
      return `Given up after ${attempts}`;
  }
}

/** The delivery log's rows: envelopes and delivery only; a message's body is its addressee's. */
export function OutboxTable({ items }: { items: readonly OutboxItem[] }) {
  return (
    <DataTable columns={COLUMNS} fixed>
      {items.map((item) => (
        <tr key={item.id}>
          <td className="hidden truncate px-4 py-3 text-slate-700 sm:table-cell" title={item.to}>
            {item.to}
          </td>
          <td className="px-4 py-3">
            {/* On a phone the subject wraps and the address and time stand on lines of their own:
                there is no hover there to read a cut-off text. */}
            <span className="block font-medium break-words text-slate-900 sm:truncate" title={item.subject}>
              {item.subject}
            </span>
            <span className="mt-0.5 block text-xs wrap-anywhere text-slate-500 sm:hidden">
              <EmailText email={item.to} />
            </span>
            <time dateTime={item.createdAt} className="block text-xs text-slate-500 tabular-nums sm:hidden">
              {formatDateTime(item.createdAt)}
            </time>
          </td>
          <td className="px-4 py-3">
            <StatusBadge label={DELIVERY_LABELS[item.status]} className="whitespace-nowrap" />
            {deliveryDetail(item) ? (
              <span className="mt-1 block text-xs text-slate-500">{deliveryDetail(item)}</span>
            ) : null}
            {item.lastError && item.status !== 'sent' ? (
              <span className="mt-1 block text-xs break-words text-red-700">
                SMTP error: {item.lastError}
              </span>
            ) : null}
          </td>
          <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums sm:table-cell">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
