import { ENTRY_KINDS } from '@candor/domain/ledger/entries';
import { describe, expect, test } from 'vitest';
import { STATEMENT_KIND_GROUPS, StatementQuerySchema } from './ledger.ts';

describe("the statement's filters", () => {
  test('every kind of entry is in exactly one group of the kind filter', () => {
    const grouped = Object.values(STATEMENT_KIND_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...ENTRY_KINDS].sort());
  });

  test('a page with a group, two days and a time zone is read as given', () => {
    expect(
      StatementQuerySchema.parse({
        page: '2',
        kind: 'withdrawals',
        from: '2026-03-01',
        to: '2026-03-31',
        tz: 'America/New_York',
      }),
    ).toEqual({ page: 2, kind: 'withdrawals', from: '2026-03-01', to: '2026-03-31', tz: 'America/New_York' });
    expect(StatementQuerySchema.parse({ from: '2026-03-04', to: '2026-03-04' })).toMatchObject({
      from: '2026-03-04',
      to: '2026-03-04',
    });
  });

  test.each([
    [
      { kind: 'deposit' },
      'A kind is one of: deposits, withdrawals, adjustments, trades, plans, loans, profit_shares.',
    ],
    [{ from: '2026-02-30' }, 'A date is written YYYY-MM-DD, for example 2026-03-04.'],
    [{ to: '04/03/2026' }, 'A date is written YYYY-MM-DD, for example 2026-03-04.'],
    [{ from: '2026-03-10', to: '2026-03-01' }, 'The To date is before the From date.'],
    [{ tz: '+02:00' }, 'A time zone is a name such as Europe/Berlin or UTC.'],
    [{ tz: 'Mars/Olympus_Mons' }, 'This time zone is not known.'],
  ])('%j is refused: "%s"', (query, message) => {
    const parsed = StatementQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
