const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the reader's locale writes it, e.g. "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short' });

/** The month and day a list row shows ("Mar", "4"), in the reader's time zone. */
export function formatMonthDay(iso: string): { month: string; day: string } {
  const date = new Date(iso);
  return { month: MONTH.format(date), day: String(date.getDate()) };
}
