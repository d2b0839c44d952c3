/**
 * One setting before and after a change, side by side (the columns are named by `labels`: "In
 * force" and "Proposed" while it waits), under the setting's name with what the change does.
 */
export function SettingComparison({
  name,
  caption,
  effect,
  before,
  after,
  labels,
  numeric = false,
}: {
  /** The setting's name, the row group's heading ("Second approval above"). */
  name: string;
  /** What a screen reader hears the table is ("Second approval threshold, before and after the change"). */
  caption: string;
  /** What the change does, in a few words ("Raises the threshold"). */
  effect: string;
  before: string;
  after: string;
  labels: readonly [string, string];
  /** Amounts: figures of one width, so the two columns line up. */
  numeric?: boolean;
}) {
  const figures = numeric ? ' tabular-nums' : '';
  return (
    <table className="w-full table-fixed border-separate border-spacing-x-2 text-left text-xs sm:border-spacing-x-3">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {labels.map((label) => (
            <th key={label} scope="col" className="pb-1 font-medium text-slate-500">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody aria-label={name}>
        <tr>
          <th scope="rowgroup" colSpan={2} className="pt-3 pb-1 font-semibold text-slate-700">
            {name}
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 font-medium whitespace-nowrap text-amber-800">
              {effect}
            </span>
          </th>
        </tr>
        <tr className="align-top">
          <td
            className={`rounded-md bg-red-50 px-2 py-1.5 text-sm${figures} text-red-800 line-through decoration-red-300`}
          >
            {before}
          </td>
          <td
            className={`rounded-md bg-emerald-50 px-2 py-1.5 text-sm font-medium${figures} text-emerald-900`}
          >
            {after}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
