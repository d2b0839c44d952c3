import { describe, expect, test } from 'vitest';
import { endOfDayIn, startOfDayIn } from './zoned-days.ts';

describe('the instants a calendar day spans in a time zone', () => {
  test.each([
    ['UTC', '2026-03-04', '2026-03-04T00:00:00.000Z', '2026-03-05T00:00:00.000Z'],
    ['Europe/Berlin', '2026-03-04', '2026-03-03T23:00:00.000Z', '2026-03-04T23:00:00.000Z'],
    ['America/New_York', '2026-03-04', '2026-03-04T05:00:00.000Z', '2026-03-05T05:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-04', '2026-03-03T18:30:00.000Z', '2026-03-04T18:30:00.000Z'],
    ['Pacific/Kiritimati', '2026-03-04', '2026-03-03T10:00:00.000Z', '2026-03-04T10:00:00.000Z'],
    ['Pacific/Pago_Pago', '2026-03-04', '2026-03-04T11:00:00.000Z', '2026-03-05T11:00:00.000Z'],
    // The last Sunday of March: Berlin moves from +01:00 to +02:00 at 02:00, a day of 23 hours.
    ['Europe/Berlin', '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    // The last Sunday of October: back to +01:00, a day of 25 hours.
    ['Europe/Berlin', '2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    // Chile's summer time starts at midnight: 6 September 2026 has no 00:00, it starts at 01:00 (−03:00).
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z'],
    ['America/Santiago', '2026-09-05', '2026-09-05T04:00:00.000Z', '2026-09-06T04:00:00.000Z'],
  ])('in %s, %s runs from %s up to %s', (zone, day, start, end) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(start);
    expect(endOfDayIn(day, zone).toISOString()).toBe(end);
  });

  test('the last day a date can name still ends at an instant', () => {
    expect(endOfDayIn('9999-12-31', 'UTC').getTime()).toBe(Date.UTC(9999, 11, 31) + 86_400_000);
    expect(Number.isNaN(startOfDayIn('0000-01-01', 'Europe/Berlin').getTime())).toBe(false);
  });
});
