import type { ThresholdChangeRequest } from '@candor/contracts/approvals';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';

/** A four-eyes threshold as staff read it: "$1,000.00", or "Off" for 0. */
export function formatThreshold(dollars: string): string {
  return /^0+(\.0+)?$/.test(dollars) ? 'Off ($0.00)' : formatUsdDecimal(dollars);
}

/** What a change does to four-eyes, in a word: a waiting one always loosens it (docs/decisions/053). */
function changeWord({ after }: ThresholdChangeRequest): string {
  return formatThreshold(after).startsWith('Off') ? 'Turns four-eyes off' : 'Raises the threshold';
}

/**
 * The second approval threshold before and after a change, side by side (the columns are named by
 * `labels`: "In force" and "Proposed" while it waits), with what the change does.
 */
export function ThresholdComparison({
  change,
  labels,
}: {
  change: ThresholdChangeRequest;
  labels: readonly [string, string];
}) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-x-2 text-left text-xs sm:border-spacing-x-3">
      <caption className="sr-only">Second approval threshold, before and after the change</caption>
      <thead>
        <tr>
          {labels.map((label) => (
            <th key={label} scope="col" className="pb-1 font-medium text-slate-500">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody aria-label="Second approval above">
        <tr>
          <th scope="rowgroup" colSpan={2} className="pt-3 pb-1 font-semibold text-slate-700">
            Second approval above
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 font-medium whitespace-nowrap text-amber-800">
              {changeWord(change)}
            </span>
          </th>
        </tr>
        <tr className="align-top">
          <td className="rounded-md bg-red-50 px-2 py-1.5 text-sm tabular-nums text-red-800 line-through decoration-red-300">
            {formatThreshold(change.before)}
          </td>
          <td className="rounded-md bg-emerald-50 px-2 py-1.5 text-sm font-medium tabular-nums text-emerald-900">
            {formatThreshold(change.after)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
