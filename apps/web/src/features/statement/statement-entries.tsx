import { ENTRY_KIND_LABELS, type StatementEntry } from '@candor/contracts/ledger';
import { CopiedFromLabel } from '../../components/copied-from-mark.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatSignedUsd, toSignedCents } from '../../lib/signed-usd.ts';
import { amountTone, describeEntryAmount, formatBalance } from './statement-amounts.ts';

/**
 * Ledger entries as the customer's statement shows them: a table on wide screens, stacked cards on
 * a phone. `compact` tightens the spacing for the admin user page.
 */
export function StatementEntries({
  entries,
  label,
  compact = false,
}: {
  entries: readonly StatementEntry[];
  label: string;
  compact?: boolean;
}) {
  const cell = compact ? 'px-3 py-2' : 'px-4 py-3';
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table aria-label={label} className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className={`${cell} w-44`}>
              Date
            </th>
            <th scope="col" className={`${cell} w-44`}>
              Type
            </th>
            <th scope="col" className={cell}>
              Description
            </th>
            <th scope="col" className={`${cell} w-40 text-right`}>
              Amount
            </th>
            <th scope="col" className={`${cell} w-40 text-right`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className={`${cell} whitespace-nowrap text-slate-500 tabular-nums`}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={`${cell} font-medium text-slate-900`}>{ENTRY_KIND_LABELS[entry.kind]}</td>
              <td className={`${cell} break-words text-slate-700`}>
                <Description entry={entry} />
              </td>
              <td className={`${cell} text-right`}>
                <Amount entry={entry} />
              </td>
              <td className={`${cell} text-right`}>
                <BalanceAfter entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul aria-label={label} className="divide-y divide-slate-100 md:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className={compact ? 'px-3 py-2.5' : 'p-4'}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">{ENTRY_KIND_LABELS[entry.kind]}</p>
                <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </p>
              </div>
              <div className="shrink-0 text-right">
                <Amount entry={entry} />
              </div>
            </div>
            <p className="mt-1.5 text-sm break-words text-slate-700">
              <Description entry={entry} />
            </p>
            <div className="mt-1.5 flex items-baseline justify-between gap-3 text-xs text-slate-500">
              <span>Balance after</span>
              <BalanceAfter entry={entry} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Amount({ entry }: { entry: StatementEntry }) {
  const amount = describeEntryAmount(entry);
  return (
    <>
      <span className={`block font-semibold whitespace-nowrap tabular-nums ${amountTone(amount.cents)}`}>
        {formatSignedUsd(amount.cents)}
      </span>
      {amount.fromReserved ? (
        <span className="block text-xs whitespace-nowrap text-slate-500">from reserved funds</span>
      ) : null}
      {amount.reservedCents !== null ? (
        <span className="block text-xs whitespace-nowrap text-slate-500 tabular-nums">
          Reserved {formatSignedUsd(amount.reservedCents)}
        </span>
      ) : null}
    </>
  );
}

function BalanceAfter({ entry }: { entry: StatementEntry }) {
  const reserved = toSignedCents(entry.reservedAfter);
  return (
    <span className="inline-block text-right">
      <span className="block font-medium whitespace-nowrap text-slate-900 tabular-nums">
        {formatBalance(entry.availableAfter)}
      </span>
      {reserved !== 0n ? (
        <span className="block text-xs whitespace-nowrap text-slate-500 tabular-nums">
          Reserved {formatBalance(entry.reservedAfter)}
        </span>
      ) : null}
    </span>
  );
}

/** The entry's description, with the provider's mark when it is of a copied trade. */
function Description({ entry }: { entry: StatementEntry }) {
  if (entry.copiedFromProvider === null) return entry.description;
  return (
    <>
      <CopiedFromLabel providerName={entry.copiedFromProvider} /> {entry.description}
    </>
  );
}
