import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DESK_TRADE_NEXT, DESK_TRADE_STATUSES } from '../trading/desk-trade-status.ts';
import {
  APPROVAL_NEXT,
  APPROVAL_STATUSES,
  COUNTED_APPROVAL_STATUSES,
  COUNTED_DESK_TRADE_STATUSES,
  debitFitsBalance,
  FOUR_EYES_WINDOW_HOURS,
  fourEyesWindowStart,
  identityRuleChangeOf,
  isFourEyesOn,
  limitChangeOf,
  needsSecondApproval,
  thresholdChangeOf,
  totalNeedsSecondApproval,
} from './approval-status.ts';

test('an amount above the threshold needs a second approval; at or below it does not', () => {
  expect(needsSecondApproval(100_001n, 100_000n)).toBe(true);
  expect(needsSecondApproval(100_000n, 100_000n)).toBe(false);
  expect(needsSecondApproval(1n, 100_000n)).toBe(false);
});

test('a threshold of 0 turns four-eyes off', () => {
  expect(needsSecondApproval(10_000_000_00n, 0n)).toBe(false);
  expect(isFourEyesOn(0n)).toBe(false);
  expect(isFourEyesOn(1n)).toBe(true);
});

describe('manual adjustments count together over the window', () => {
  test('the window is 24 hours', () => {
    expect(FOUR_EYES_WINDOW_HOURS).toBe(24);
    expect(fourEyesWindowStart(new Date('2026-03-05T12:30:00.000Z'))).toEqual(
      new Date('2026-03-04T12:30:00.000Z'),
    );
  });

  test.each([
    ['a first $1,000 adjustment alone', 100_000n, [], false],
    ['a second $1,000 after one of $1,000', 100_000n, [100_000n], true],
    ['$900 after $100: exactly at the threshold', 90_000n, [10_000n], false],
    ['$900 after $100.01: one cent above', 90_000n, [10_001n], true],
    ['a $600 debit after a $500 credit (absolute amounts add up)', -60_000n, [50_000n], true],
    ['a $400 credit after a $300 debit', 40_000n, [-30_000n], false],
    ['ten $100 adjustments, then one more cent', 1n, Array.from({ length: 10 }, () => 10_000n), true],
  ])('%s', (_name, amount, recent, expected) => {
    expect(totalNeedsSecondApproval(amount, recent, 100_000n)).toBe(expected);
  });

  test('a threshold of 0 turns it off whatever came before', () => {
    expect(totalNeedsSecondApproval(500_000_00n, [900_000_00n], 0n)).toBe(false);
  });
});

describe('desk bookings count with manual adjustments (docs/decisions/054)', () => {
  test.each([
    [
      'a second $900 booking after one of $900: the split of five bookings is closed',
      90_000n,
      [90_000n],
      true,
    ],
    ['a $900 loss after a $100 profit: exactly at the threshold', -90_000n, [10_000n], false],
    ['a $500 booking after a $600 adjustment: across the two channels', 50_000n, [60_000n], true],
    ['a $600 debit after a $500 losing booking', -60_000n, [-50_000n], true],
    ['a booking with a zero result adds nothing', 0n, [100_000n], false],
  ])('%s', (_name, amount, recent, expected) => {
    expect(totalNeedsSecondApproval(amount, recent, 100_000n)).toBe(expected);
  });

  test('a request counts while it may still be carried out; once approved it counts through what it did', () => {
    expect(COUNTED_APPROVAL_STATUSES).toEqual(['awaiting']);
    expect(APPROVAL_STATUSES.filter((status) => APPROVAL_NEXT[status].length > 0)).toEqual(['awaiting']);
  });

  test('a desk trade counts while it may still be accepted and once it was; not once rejected or expired', () => {
    expect(COUNTED_DESK_TRADE_STATUSES).toEqual(['proposed', 'accepted']);
    // Every state that may still move money counts (only 'proposed' is not final).
    for (const status of DESK_TRADE_STATUSES) {
      if (DESK_TRADE_NEXT[status].length > 0) expect(COUNTED_DESK_TRADE_STATUSES).toContain(status);
    }
  });

  test('an expired request is final: nothing moves it on', () => {
    expect(APPROVAL_NEXT.expired).toEqual([]);
    expect(APPROVAL_NEXT.awaiting).toContain('expired');
  });
});

describe('properties', () => {
  const cents = fc.bigInt({ min: -1_000_000_00n, max: 1_000_000_00n }).filter((amount) => amount !== 0n);
  const threshold = fc.bigInt({ min: 0n, max: 1_000_000_00n });

  test('with nothing before it, an adjustment is judged by its own size, as a withdrawal is', () => {
    fc.assert(
      fc.property(cents, threshold, (amount, limit) => {
        const size = amount < 0n ? -amount : amount;
        expect(totalNeedsSecondApproval(amount, [], limit)).toBe(needsSecondApproval(size, limit));
      }),
    );
  });

  test('more adjustments in the window never let one pass alone that needed a second approval', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(cents, { maxLength: 10 }),
        cents,
        threshold,
        (amount, recent, extra, limit) => {
          if (totalNeedsSecondApproval(amount, recent, limit)) {
            expect(totalNeedsSecondApproval(amount, [...recent, extra], limit)).toBe(true);
          }
        },
      ),
    );
  });

  test('neither the order nor the direction of the earlier adjustments matters', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 10 }), threshold, (amount, recent, limit) => {
        const flipped = recent.map((value) => -value).reverse();
        expect(totalNeedsSecondApproval(amount, flipped, limit)).toBe(
          totalNeedsSecondApproval(amount, recent, limit),
        );
      }),
    );
  });

  test('however a sum is split, one staff member alone moves at most the threshold within the window', () => {
    fc.assert(
      fc.property(
        fc.array(cents, { maxLength: 30 }),
        fc.bigInt({ min: 1n, max: 1_000_000_00n }),
        (parts, limit) => {
          // Each request is judged against those before it: carried out alone, or left awaiting
          // (which counts too, as it may still be approved).
          const made: bigint[] = [];
          let alone = 0n;
          for (const amount of parts) {
            if (!totalNeedsSecondApproval(amount, made, limit)) alone += amount < 0n ? -amount : amount;
            made.push(amount);
          }
          expect(alone <= limit).toBe(true);
        },
      ),
    );
  });
});

describe('properties of the two channels together', () => {
  const cents = fc.bigInt({ min: -1_000_000_00n, max: 1_000_000_00n });
  const move = fc.record({ channel: fc.constantFrom('adjustment', 'desk_trade'), amount: cents });
  /** What happens next: a new move, or an earlier one decided (rejected, expired, declined, approved). */
  const step = fc.oneof(
    move.map((m) => ({ type: 'move' as const, ...m })),
    fc.record({
      type: fc.constant('settle' as const),
      which: fc.nat(),
      outcome: fc.constantFrom('approved', 'rejected', 'expired', 'accepted'),
    }),
  );
  type State = 'posted' | 'awaiting' | 'approved' | 'rejected' | 'expired' | 'proposed' | 'accepted';
  /** Whether a move in this state counts: the repository reads exactly these. */
  function counts(state: State): boolean {
    if (state === 'posted') return true; // a completed adjustment: its entry
    if (state === 'approved') return true; // through its entry or the proposal it made
    return (
      (COUNTED_APPROVAL_STATUSES as readonly string[]).includes(state) ||
      (COUNTED_DESK_TRADE_STATUSES as readonly string[]).includes(state)
    );
  }

  test('with nothing before it, a desk booking is judged by its result’s size, as before', () => {
    fc.assert(
      fc.property(cents, fc.bigInt({ min: 0n, max: 1_000_000_00n }), (result, limit) => {
        expect(totalNeedsSecondApproval(result, [], limit)).toBe(
          needsSecondApproval(result < 0n ? -result : result, limit),
        );
      }),
    );
  });

  test('however moves are split across adjustments and bookings, and whatever is decided meanwhile, what one staff member moved alone and still counts is at most the threshold', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 40 }),
        fc.bigInt({ min: 1n, max: 1_000_000_00n }),
        (steps, limit) => {
          const made: { channel: string; amount: bigint; alone: boolean; state: State }[] = [];
          for (const next of steps) {
            if (next.type === 'move') {
              const recent = made.filter((m) => counts(m.state)).map((m) => m.amount);
              const alone = !totalNeedsSecondApproval(next.amount, recent, limit);
              const state: State = alone
                ? next.channel === 'adjustment'
                  ? 'posted'
                  : 'proposed'
                : 'awaiting';
              made.push({ channel: next.channel, amount: next.amount, alone, state });
            } else if (made.length > 0) {
              const target = made[next.which % made.length];
              if (!target) continue;
              // Only moves that are not final change state: an awaiting request is decided or expires
              // (a desk booking approved becomes a proposal); a proposal is accepted, declined or expires.
              if (target.state === 'awaiting' && next.outcome !== 'accepted') {
                target.state =
                  next.outcome === 'approved' && target.channel === 'desk_trade' ? 'proposed' : next.outcome;
              } else if (target.state === 'proposed' && next.outcome !== 'approved') {
                target.state = next.outcome === 'rejected' ? 'rejected' : next.outcome;
              }
            }
            const alone = made
              .filter((m) => m.alone && counts(m.state))
              .reduce((sum, m) => sum + (m.amount < 0n ? -m.amount : m.amount), 0n);
            expect(alone <= limit).toBe(true);
          }
        },
      ),
    );
  });
});

describe('a manual debit is asked for only when the cash covers it with the debits already waiting', () => {
  test.each([
    ['$349.85 of $349.85, nothing waiting: the whole balance', 34_985n, [], 34_985n, true],
    ['$99,999 of $349.85: refused', 9_999_900n, [], 34_985n, false],
    ['$200 of $349.85 while $200 waits: $400 together is more', 20_000n, [20_000n], 34_985n, false],
    ['$100 of $349.85 while $200 waits: $300 together fits', 10_000n, [20_000n], 34_985n, true],
    [
      '$49.85 of $349.85 while $100 and $200 wait: exactly the balance',
      4_985n,
      [10_000n, 20_000n],
      34_985n,
      true,
    ],
    ['one cent of nothing: refused', 1n, [], 0n, false],
  ] as const)('%s', (_name, amount, waiting, cash, expected) => {
    expect(debitFitsBalance(amount, waiting, cash)).toBe(expected);
  });

  test('whatever is asked in turn, the debits let through never add up to more than the cash', () => {
    const cents = fc.bigInt({ min: 1n, max: 1_000_000_00n });
    fc.assert(
      fc.property(
        fc.array(cents, { maxLength: 20 }),
        fc.bigInt({ min: 0n, max: 1_000_000_00n }),
        (asked, cash) => {
          const waiting: bigint[] = [];
          for (const amount of asked) if (debitFitsBalance(amount, waiting, cash)) waiting.push(amount);
          expect(waiting.reduce((sum, amount) => sum + amount, 0n) <= cash).toBe(true);
        },
      ),
    );
  });
});

describe('a change of the four-eyes threshold loosens or tightens the control', () => {
  test.each([
    ['raising it loosens', 100_000n, 100_001n, 'loosens'],
    ['setting it to 0 while on (turning it off) loosens', 100_000n, 0n, 'loosens'],
    ['lowering it tightens', 100_000n, 99_999n, 'tightens'],
    ['lowering it to one cent tightens', 100_000n, 1n, 'tightens'],
    ['turning it on from 0 tightens, whatever the amount', 0n, 1_000_000_000n, 'tightens'],
    ['the same amount is unchanged', 100_000n, 100_000n, 'unchanged'],
    ['0 to 0 is unchanged', 0n, 0n, 'unchanged'],
  ] as const)('%s', (_name, from, to, expected) => {
    expect(thresholdChangeOf(from, to)).toBe(expected);
  });

  test('a loosening is exactly a change after which some amount no longer needs a second approval', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 20_000_000n }),
        (from, to, amount) => {
          const lets = needsSecondApproval(amount, from) && !needsSecondApproval(amount, to);
          if (lets) expect(thresholdChangeOf(from, to)).toBe('loosens');
          if (thresholdChangeOf(from, to) !== 'loosens') expect(lets).toBe(false);
        },
      ),
    );
  });
});

describe('a change of "withdrawals need a verified identity" loosens or tightens the control', () => {
  test.each([
    ['turning it off loosens (unverified accounts may withdraw)', true, false, 'loosens'],
    ['turning it on tightens', false, true, 'tightens'],
    ['on to on is unchanged', true, true, 'unchanged'],
    ['off to off is unchanged', false, false, 'unchanged'],
  ] as const)('%s', (_name, from, to, expected) => {
    expect(identityRuleChangeOf(from, to)).toBe(expected);
  });
});

describe('a change of an unverified account limit loosens or tightens the control', () => {
  test.each([
    ['raising it loosens (more moves without a verified identity)', 100_000n, 500_000n, 'loosens'],
    ['raising it from 0 loosens', 0n, 1n, 'loosens'],
    ['lowering it tightens', 100_000n, 20_000n, 'tightens'],
    ['lowering it to 0 tightens', 100_000n, 0n, 'tightens'],
    ['the same is unchanged', 100_000n, 100_000n, 'unchanged'],
  ] as const)('%s', (_name, from, to, expected) => {
    expect(limitChangeOf(from, to)).toBe(expected);
  });
});
