import { z } from 'zod';

/** The longest search a back-office list takes: an e-mail address's longest (RFC 5321's path). */
export const SEARCH_MAX_LENGTH = 254;

/** A list's search text (part of an e-mail, a name, an id), trimmed; the field takes no more. */
export const SearchTextSchema = z.string().trim().max(SEARCH_MAX_LENGTH).optional();

/** What a date range that ends before it starts is told (it would match nothing, silently). */
export const REVERSED_RANGE_MESSAGE = 'The To date is before the From date.';

/** A day in a list's date filter: YYYY-MM-DD, a real calendar day. */
export const FilterDaySchema = z.iso.date('A date is written YYYY-MM-DD, for example 2026-03-04.');

/** Whether this JavaScript knows the time zone (an IANA name such as Europe/Berlin, or UTC). */
function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The time zone a list's days are read in: an IANA name (Europe/Berlin, America/New_York) or UTC.
 * Only names, no offsets ("+02:00"): a name keeps daylight saving time right on every day.
 */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .regex(
    /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/,
    'A time zone is a name such as Europe/Berlin or UTC.',
  )
  .refine(isKnownTimeZone, 'This time zone is not known.');
