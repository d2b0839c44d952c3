// Made on first use, not when the module loads: a page's first Intl formatter costs the browser's
// set-up (35–80 ms on the main thread here), and the dashboard's and trades page's first screens
// show no date in the reader's locale until there are rows to show (lib/utc-format.ts).
let dateTime: Intl.DateTimeFormat | undefined;
let month: Intl.DateTimeFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

/** A moment as the reader's locale writes it, e.g. "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}

/**
 * A calendar day ("2030-05-01", a document's expiry) as the reader's locale writes it, e.g. "May 1,
 * 2030": read in UTC, so no time zone moves it to the day before.
 */
export function formatDay(isoDay: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return isoDay;
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  day ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  return day.format(date);
}

/** The month and day a list row shows ("Mar", "4"), in the reader's time zone. */
export function formatMonthDay(iso: string): { month: string; day: string } {
  const date = new Date(iso);
  month ??= new Intl.DateTimeFormat(undefined, { month: 'short' });
  return { month: month.format(date), day: String(date.getDate()) };
}
