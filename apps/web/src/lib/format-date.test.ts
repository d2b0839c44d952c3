import { describe, expect, test } from 'vitest';
import { formatDay } from './format-date.ts';

describe('formatDay', () => {
  test('a calendar day reads as the locale writes dates, the same day in every time zone', () => {
    const written = formatDay('2030-05-01');
    expect(written).not.toBe('2030-05-01');
    expect(written).toContain('2030');
    // The day itself, not the day before (a UTC midnight read in a time zone west of UTC).
    expect(written).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(2030, 4, 1),
      ),
    );
  });

  test('what is not a calendar day is shown as it came', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay('2030-13-45')).toBe('2030-13-45');
  });
});
