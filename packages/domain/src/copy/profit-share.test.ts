import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chargeProfitShare, type HighWaterMark, INITIAL_HIGH_WATER_MARK } from './profit-share.ts';

/** Closes copied trades one after another with a 20 % share; returns each fee and the last mark. */
function closeAll(results: bigint[], bps = 2_000, start: HighWaterMark = INITIAL_HIGH_WATER_MARK) {
  let mark = start;
  const fees: bigint[] = [];
  for (const r of results) {
    const charged = chargeProfitShare(mark, r, bps);
    mark = charged.mark;
    fees.push(charged.feeCents);
  }
  return { fees, mark };
}

describe('chargeProfitShare: the share % of the rise above the previous peak, rounded down', () => {
  test('a first win of $100 at 20 % pays $20 and sets the peak', () => {
    expect(chargeProfitShare(INITIAL_HIGH_WATER_MARK, 10_000n, 2_000)).toEqual({
      mark: { cumulativeCents: 10_000n, peakCents: 10_000n },
      feeCents: 2_000n,
      riseCents: 10_000n,
    });
  });

  test('a win that takes the cumulative result past the peak is charged on the rise above it, and says the rise', () => {
    const mark = { cumulativeCents: 5_000n, peakCents: 8_000n };
    expect(chargeProfitShare(mark, 4_777n, 2_000)).toEqual({
      mark: { cumulativeCents: 9_777n, peakCents: 9_777n },
      feeCents: 355n,
      riseCents: 1_777n,
    });
    expect(chargeProfitShare(mark, 3_000n, 2_000).riseCents).toBe(0n);
  });

  test('a loss pays nothing, and there is no refund', () => {
    expect(closeAll([10_000n, -4_000n])).toEqual({
      fees: [2_000n, 0n],
      mark: { cumulativeCents: 6_000n, peakCents: 10_000n },
    });
  });

  test('loss then win back: nothing is paid until above the previous best, then only on the part above', () => {
    // +$100 (pays $20), −$60, +$60 back to the peak (pays 0), +$10 above it (pays $2)
    expect(closeAll([10_000n, -6_000n, 6_000n, 1_000n]).fees).toEqual([2_000n, 0n, 0n, 200n]);
  });

  test('a win that crosses the peak pays only on the part above it', () => {
    // peak $100, at $40 after a loss; +$80 reaches $120: 20 % of $20
    expect(closeAll([10_000n, -6_000n, 8_000n]).fees).toEqual([2_000n, 0n, 400n]);
  });

  test('starting with a loss: the peak stays at 0, nothing is paid until the cumulative result is above 0', () => {
    expect(closeAll([-5_000n, 3_000n, 2_500n])).toEqual({
      fees: [0n, 0n, 100n],
      mark: { cumulativeCents: 500n, peakCents: 500n },
    });
  });

  test('several providers keep separate marks: a loss with one is not netted against a win with another', () => {
    const marks = new Map<string, HighWaterMark>();
    const fees: bigint[] = [];
    for (const [provider, result] of [
      ['alice', 10_000n],
      ['bob', -10_000n],
      ['bob', 5_000n],
      ['alice', 5_000n],
    ] as const) {
      const charged = chargeProfitShare(marks.get(provider) ?? INITIAL_HIGH_WATER_MARK, result, 2_000);
      marks.set(provider, charged.mark);
      fees.push(charged.feeCents);
    }
    expect(fees).toEqual([2_000n, 0n, 0n, 1_000n]);
    expect(marks.get('alice')).toEqual({ cumulativeCents: 15_000n, peakCents: 15_000n });
    expect(marks.get('bob')).toEqual({ cumulativeCents: -5_000n, peakCents: 0n });
  });

  test.each([
    {
      name: 'a part of a cent is dropped: 15 % of $0.99 = $0.1485 pays $0.14',
      result: 99n,
      bps: 1_500,
      fee: 14n,
    },
    { name: 'a share of a single cent rounds down to nothing', result: 1n, bps: 9_999, fee: 0n },
    { name: 'a share of 0 % pays nothing', result: 10_000n, bps: 0, fee: 0n },
    { name: 'a share of 100 % pays the whole rise', result: 12_345n, bps: 10_000, fee: 12_345n },
    { name: 'a share with decimals: 12.5 % of $80 is $10', result: 8_000n, bps: 1_250, fee: 1_000n },
  ])('$name', ({ result, bps, fee }) => {
    expect(chargeProfitShare(INITIAL_HIGH_WATER_MARK, result, bps).feeCents).toBe(fee);
  });

  test('a broken share or mark is a bug', () => {
    expect(() => chargeProfitShare(INITIAL_HIGH_WATER_MARK, 1n, -1)).toThrow();
    expect(() => chargeProfitShare(INITIAL_HIGH_WATER_MARK, 1n, 10_001)).toThrow();
    expect(() => chargeProfitShare(INITIAL_HIGH_WATER_MARK, 1n, 0.5)).toThrow();
    expect(() => chargeProfitShare({ cumulativeCents: 5n, peakCents: 0n }, 1n, 100)).toThrow();
  });
});

describe('chargeProfitShare, over random sequences of copied trades', () => {
  const results = fc.array(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), { maxLength: 60 });
  const bps = fc.integer({ min: 0, max: 10_000 });

  test('fees are never negative; total fees ≤ share % × max(0, highest cumulative result), and rounding loses less than a cent per trade', () => {
    fc.assert(
      fc.property(results, bps, (rs, share) => {
        const { fees, mark } = closeAll(rs, share);
        let cumulative = 0n;
        let highest = 0n;
        for (const r of rs) {
          cumulative += r;
          if (cumulative > highest) highest = cumulative;
        }
        const total = fees.reduce((sum, fee) => sum + fee, 0n);
        for (const fee of fees) expect(fee >= 0n).toBe(true);
        expect(total * 10_000n <= BigInt(share) * highest).toBe(true);
        // each rise loses less than a cent to rounding down
        expect((total + BigInt(rs.length)) * 10_000n >= BigInt(share) * highest).toBe(true);
        expect(mark).toEqual({ cumulativeCents: cumulative, peakCents: highest });
      }),
    );
  });

  test('the peak never falls and the cumulative result never exceeds it', () => {
    fc.assert(
      fc.property(results, bps, (rs, share) => {
        let mark = INITIAL_HIGH_WATER_MARK;
        for (const r of rs) {
          const next = chargeProfitShare(mark, r, share).mark;
          expect(next.peakCents >= mark.peakCents).toBe(true);
          expect(next.cumulativeCents <= next.peakCents).toBe(true);
          mark = next;
        }
      }),
    );
  });
});
