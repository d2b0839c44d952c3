// Times in UTC written out in English without Intl. The first Intl formatter a page makes costs
// 35–80 ms of the browser's set-up (ICU) on the main thread, four times that on a slow phone; the
// dashboard's and the trades page's first screens write only these fixed English formats, so they
// need none (docs/decisions/036). The tests hold each function to what Intl writes.

/** Short month names as en-US writes them ("Sep"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A month's short name as en-US writes it: "Sep". */
export function usMonthShort(month: number): string {
  return MONTHS[month] ?? '';
}

/** A month's short name as en-GB writes it: as en-US, but "Sept". */
function gbMonthShort(month: number): string {
  return month === 8 ? 'Sept' : usMonthShort(month);
}

/** "14:05": hours (00–23) and minutes in UTC. */
export function formatUtcHourMinute(date: Date): string {
  return `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`;
}

/** "04 Mar, 14:05": en-GB's day, short month and 24-hour time, in UTC. */
export function formatUtcDayMonthTime(date: Date): string {
  return `${pad2(date.getUTCDate())} ${gbMonthShort(date.getUTCMonth())}, ${formatUtcHourMinute(date)}`;
}

/** "Wed 04 Mar '26 14:05": weekday, day, short month, two-digit year and time, in UTC. */
export function formatUtcWeekdayDateTime(date: Date): string {
  const year = pad2(date.getUTCFullYear() % 100);
  return `${WEEKDAYS[date.getUTCDay()]} ${pad2(date.getUTCDate())} ${gbMonthShort(date.getUTCMonth())} '${year} ${formatUtcHourMinute(date)}`;
}
