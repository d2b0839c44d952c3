const DAY_MS = 24 * 60 * 60 * 1000;

/** No time zone is further than this from UTC; an offset beyond it is a misreading (see offsetAt). */
const MAX_OFFSET_MS = 18 * 60 * 60 * 1000;

/** One formatter per time zone: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** What the clocks of `timeZone` read at `instant`, as the milliseconds of the same fields in UTC. */
function wallClockAt(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(instant)) fields[part.type] = Number(part.value);
  const wall = new Date(0);
  wall.setUTCFullYear(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1);
  wall.setUTCHours(fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0, 0);
  return wall.getTime();
}

/**
 * How far the clocks of `timeZone` are ahead of UTC at `instant`. Far from today (years before
 * the Common Era, which the formatter writes with an era this does not read) it may misread: an
 * offset no zone has counts as none, so a day that long ago still gives an instant.
 */
function offsetAt(instant: number, timeZone: string): number {
  const offset = wallClockAt(instant, timeZone) - Math.floor(instant / 1000) * 1000;
  return Math.abs(offset) > MAX_OFFSET_MS ? 0 : offset;
}

/** The milliseconds of a calendar day's (YYYY-MM-DD) midnight in UTC. */
function utcMidnightOf(day: string): number {
  const wall = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(wall)) throw new Error(`not a day: ${day}`);
  return wall;
}

/** The first instant of the day whose midnight in UTC is `wall`, in a time zone (startOfDayIn). */
function startOfWallDay(wall: number, timeZone: string): Date {
  // The offset at a guess, then at the instant that guess gives: on an ordinary day both agree.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // Around a change of offset one of them may fall on the day before: the day starts at the
  // earliest that is on it.
  const onTheDay = [first, second].filter((instant) => wallClockAt(instant, timeZone) >= wall);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : Math.max(first, second));
}

/**
 * The first instant of a calendar day (YYYY-MM-DD) in a time zone (an IANA name the runtime knows):
 * its midnight, or, on a day whose clocks jump over midnight (America/Santiago's first day of
 * summer time starts at 01:00), the moment they jump.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  return startOfWallDay(utcMidnightOf(day), timeZone);
}

/** The first instant after a calendar day (YYYY-MM-DD) in a time zone: the start of the next day. */
export function endOfDayIn(day: string, timeZone: string): Date {
  return startOfWallDay(utcMidnightOf(day) + DAY_MS, timeZone);
}
