import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatUtcDayMonthTime,
  formatUtcHourMinute,
  formatUtcWeekdayDateTime,
  usMonthShort,
} from './utc-format.ts';

// Any moment from 1970 to 2100, to the minute and beyond.
const moment = fc.date({ min: new Date(0), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true });

describe('utc-format writes what Intl writes, without Intl', () => {
  test('formatUtcDayMonthTime: en-GB, day, short month, 24-hour time, UTC', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      day: '2-digit',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    fc.assert(fc.property(moment, (date) => formatUtcDayMonthTime(date) === intl.format(date)));
  });

  test('formatUtcWeekdayDateTime: en-GB, weekday, day, short month, two-digit year and time, UTC', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    fc.assert(
      fc.property(moment, (date) => {
        const part = Object.fromEntries(intl.formatToParts(date).map((p) => [p.type, p.value]));
        const expected = `${part.weekday} ${part.day} ${part.month} '${part.year} ${part.hour}:${part.minute}`;
        return formatUtcWeekdayDateTime(date) === expected;
      }),
    );
  });

  test('usMonthShort: en-US short month names', () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 15));
      expect(usMonthShort(month)).toBe(date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }));
    }
  });

  test('formatUtcHourMinute: midnight is 00:00 (not 24:00), minutes padded', () => {
    expect(formatUtcHourMinute(new Date(Date.UTC(2026, 8, 4, 0, 5)))).toBe('00:05');
    expect(formatUtcHourMinute(new Date(Date.UTC(2026, 8, 4, 23, 59, 59)))).toBe('23:59');
    expect(formatUtcDayMonthTime(new Date(Date.UTC(2026, 8, 4, 0, 5)))).toBe('04 Sept, 00:05');
  });
});
