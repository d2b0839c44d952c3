import { formatMonthDay } from '../../lib/format-date.ts';

/** A list row's date as a small calendar leaf: the month above the day. */
export function DateBadge({ iso }: { iso: string }) {
  const { month, day } = formatMonthDay(iso);
  return (
    <time
      dateTime={iso}
      className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-slate-100 py-1.5 text-slate-700"
    >
      <span className="text-xs font-semibold uppercase">{month}</span>
      <span className="text-lg leading-tight font-semibold tabular-nums">{day}</span>
    </time>
  );
}
