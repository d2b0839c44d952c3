import type { ReactNode } from 'react';

/**
 * A column heading; `className` adds its alignment and the breakpoint that shows it. `note` is a
 * short line under the heading that says what the figures are; `hint`, a longer tooltip.
 */
export type Column = { label: string; note?: string; hint?: string; className?: string };

/**
 * A table in a card, its headings in a grey band, its rows (`children`) ruled apart. `scroll`
 * lets a wide table scroll sideways; `fixed` keeps the columns at the widths their headings set.
 */
export function DataTable({
  columns,
  scroll = false,
  fixed = false,
  children,
}: {
  columns: readonly Column[];
  scroll?: boolean;
  fixed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`${scroll ? 'overflow-x-auto' : 'overflow-hidden'} rounded-xl border border-slate-200 bg-white shadow-sm`}
    >
      <table className={`w-full ${fixed ? 'table-fixed ' : ''}text-left text-sm`}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                title={column.hint}
                className={`px-4 py-3 ${column.className ?? ''}`}
              >
                {column.label}
                {column.note ? (
                  <span className="block font-normal tracking-normal normal-case">{column.note}</span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A table row that opens its record when clicked; its link cell is the keyboard's way in. */
export function OpeningRow({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <tr className="cursor-pointer transition hover:bg-slate-50" onClick={onOpen}>
      {children}
    </tr>
  );
}

/**
 * The look of the link that opens a row's record. `relative` makes the link the box of its
 * screen-reader-only words (an absolutely placed "(unread)", say), so a long text cut short does not
 * leave them beyond the row, widening the page on a phone.
 */
export const ROW_LINK_CLASS =
  'relative block truncate font-medium text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The same link when its whole text is what the reader came for (a message's subject): it wraps
 * within its column at every width instead of being cut short, and stays the box of its
 * screen-reader-only words.
 */
export const WRAPPING_ROW_LINK_CLASS =
  'relative block font-medium wrap-anywhere text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The same link when it is a customer's e-mail: on phones it wraps (its whole address is what tells
 * rows apart; `EmailText` puts the breaks after the "@" and before the dots); wider, it is cut to
 * the column.
 */
export const PHONE_WRAPPING_LINK_CLASS =
  'block font-medium wrap-anywhere text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 sm:truncate';
