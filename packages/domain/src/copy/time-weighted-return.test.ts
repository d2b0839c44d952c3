import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  computeMaxDrawdown,
  computeTimeWeightedIndex,
  computeTimeWeightedReturn,
  type EquityValuation,
  type ExternalFlow,
  formatRatioAsPercentChange,
} from './time-weighted-return.ts';

const START = Date.parse('2026-11-01T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const day = (n: number) => new Date(START + n * DAY);
/** [day, dollars] → a valuation in cents. */
const v = (d: number, dollars: number): EquityValuation => ({
  at: day(d),
  equityCents: BigInt(dollars * 100),
});
const f = (d: number, dollars: number): ExternalFlow => ({ at: day(d), amountCents: BigInt(dollars * 100) });

function twr(valuations: EquityValuation[], flows: ExternalFlow[], from = 0, to = 30) {
  return computeTimeWeightedReturn({ valuations, flows, from: day(from), to: day(to) });
}
function drawdown(valuations: EquityValuation[], flows: ExternalFlow[], from = 0, to = 30) {
  return computeMaxDrawdown({ valuations, flows, from: day(from), to: day(to) });
}

describe('computeTimeWeightedReturn: sub-period returns chained between flows, percent with 2 decimals', () => {
  test('no flows: $1,000 → $1,100 → $1,210 is +10 % twice, 21.00 %', () => {
    expect(twr([v(0, 1000), v(10, 1100), v(20, 1210)], [])).toBe('21.00');
  });

  test('a deposit in the middle is not a gain: $1,000 → $1,100, +$1,100 deposited, → $2,420 is 1.1 × 1.1, 21.00 % (raw equity +142 %)', () => {
    expect(twr([v(0, 1000), v(10, 1100), v(20, 2420)], [f(10, 1100)])).toBe('21.00');
  });

  test('a withdrawal after a loss is not a loss: $1,000 → $800, $300 withdrawn, $500 → $550 is 0.8 × 1.1, −12.00 %', () => {
    expect(twr([v(0, 1000), v(10, 800), v(20, 550)], [f(10, -300)])).toBe('-12.00');
  });

  test('zero starting equity: the empty days have no return, $1,000 deposited → $1,050 is 5.00 %', () => {
    expect(twr([v(0, 0), v(1, 0), v(5, 1050)], [f(1, 1000)])).toBe('5.00');
  });

  test('a deposit with no valuation at its instant: the latest earlier valuation closes the sub-period ($1,000, +$500, → $1,650: 10.00 %)', () => {
    expect(twr([v(0, 1000), v(10, 1650)], [f(5, 500)])).toBe('10.00');
  });

  test('two flows with no valuation between them add up: $1,000, +$500, −$200, → $1,430 is 10.00 %', () => {
    expect(twr([v(0, 1000), v(10, 1430)], [f(4, 500), f(6, -200)])).toBe('10.00');
  });

  test('a flow at the same instant as the window’s first valuation comes after it', () => {
    expect(twr([v(0, 1000), v(10, 2200)], [f(0, 1000)])).toBe('10.00');
  });

  test('a flow before the first valuation is already in it and is ignored', () => {
    expect(twr([v(3, 1000), v(10, 1100)], [f(1, 1000)], 3)).toBe('10.00');
  });

  test('the window starts from the latest valuation at or before `from` and ends at `to`', () => {
    const valuations = [v(0, 1000), v(5, 2000), v(9, 2100), v(12, 2200), v(20, 4400)];
    expect(twr(valuations, [], 7, 12)).toBe('10.00'); // 2,000 (day 5) → 2,200 (day 12)
    expect(twr(valuations, [], 0, 30)).toBe('340.00');
  });

  test('losing everything is −100.00 %, and stays so: a later deposit cannot undo it', () => {
    expect(twr([v(0, 1000), v(10, 0), v(20, 500)], [f(10, 500)])).toBe('-100.00');
  });

  test('rounding: to the nearest hundredth of a percent, halves away from zero', () => {
    expect(twr([v(0, 1000), v(10, 1000.05)], [])).toBe('0.01'); // +0.005 %
    expect(twr([v(0, 1000), v(10, 999.95)], [])).toBe('-0.01'); // −0.005 %
    expect(twr([v(0, 1000), v(10, 1000.04)], [])).toBe('0.00'); // +0.004 %
    expect(twr([v(0, 3000), v(10, 1000)], [])).toBe('-66.67');
  });

  test.each([
    {
      name: 'no valuation at or before the window’s start (the account is younger than the window)',
      from: 0,
      valuations: [v(1, 1000), v(10, 1100)],
    },
    { name: 'one valuation only: nothing to compare', from: 0, valuations: [v(0, 1000)] },
    { name: 'no valuation after the start up to the end', from: 0, valuations: [v(0, 1000), v(40, 1100)] },
    { name: 'no valuation at all', from: 0, valuations: [] },
    { name: 'an account that held no money all window long', from: 0, valuations: [v(0, 0), v(10, 0)] },
  ])('null when there is not enough history: $name', ({ from, valuations }) => {
    expect(twr(valuations, [], from)).toBeNull();
    expect(drawdown(valuations, [], from)).toBeNull();
  });

  test('a window that ends before it starts is a bug', () => {
    expect(() => twr([v(0, 1000)], [], 10, 5)).toThrow();
  });
});

describe('computeMaxDrawdown: largest fall from a peak on the time-weighted index, percent of the peak', () => {
  test('no flows: peaks $1,200 → $900 (25 %) and $1,300 → $1,040 (20 %): 25.00 %', () => {
    expect(drawdown([v(0, 1000), v(1, 1200), v(2, 900), v(3, 1300), v(4, 1040)], [])).toBe('25.00');
  });

  test('an equity curve that only rises has no drawdown: 0.00', () => {
    expect(drawdown([v(0, 1000), v(1, 1000), v(2, 1200)], [])).toBe('0.00');
  });

  test('a withdrawal is not a fall: $1,000, $500 withdrawn, $500: 0.00 % (raw equity fell 50 %)', () => {
    expect(drawdown([v(0, 1000), v(1, 1000), v(2, 500)], [f(1, -500)])).toBe('0.00');
  });

  test('a deposit does not hide a loss: $1,000 → $900, +$1,000, $1,900 → $1,710 is 0.9 × 0.9, 19.00 % (raw equity only fell 10 %)', () => {
    expect(drawdown([v(0, 1000), v(1, 900), v(2, 1710)], [f(1, 1000)])).toBe('19.00');
  });

  test('losing everything is a 100.00 % drawdown', () => {
    expect(drawdown([v(0, 1000), v(1, 0)], [])).toBe('100.00');
  });

  test('rounding: halves away from zero (a fall of 1/3 is 33.33 %, 2/3 is 66.67 %)', () => {
    expect(drawdown([v(0, 3000), v(1, 2000)], [])).toBe('33.33');
    expect(drawdown([v(0, 3000), v(1, 1000)], [])).toBe('66.67');
  });
});

describe('computeTimeWeightedIndex', () => {
  test('starts at 1, moves with trading, stays put across a flow', () => {
    const points = computeTimeWeightedIndex([v(0, 1000), v(1, 1100), v(2, 2200)], [f(1, 1100)]);
    expect(points.map((p) => formatRatioAsPercentChange(p.index))).toEqual(['0.00', '10.00', '10.00']);
    expect(points.every((p) => p.measured)).toBe(true);
  });

  test('points while the account held nothing are not measured', () => {
    const points = computeTimeWeightedIndex([v(0, 0), v(1, 0), v(2, 1000)], [f(1, 1000)]);
    expect(points.map((p) => p.measured)).toEqual([false, false, true]);
  });

  test('negative equity is a bug', () => {
    expect(() => computeTimeWeightedIndex([{ at: day(0), equityCents: -1n }], [])).toThrow();
  });
});

describe('time-weighted return, over random histories', () => {
  /** A history built from trading returns and flows, valued at every flow. */
  const history = fc.record({
    start: fc.integer({ min: 1, max: 1_000_000 }),
    steps: fc.array(
      fc.record({
        growthPercent: fc.integer({ min: -50, max: 100 }),
        flow: fc.integer({ min: -10_000, max: 100_000 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  });

  /**
   * Valued at every flow. Amounts are scaled by 100^steps so every growth step divides exactly;
   * a withdrawal never takes more than there is.
   */
  function build(h: { start: number; steps: { growthPercent: number; flow: number }[] }) {
    const scale = 100n ** BigInt(h.steps.length);
    let equity = BigInt(h.start) * scale;
    const valuations: EquityValuation[] = [{ at: day(0), equityCents: equity }];
    const flows: ExternalFlow[] = [];
    let emptied = false;
    h.steps.forEach((step, i) => {
      equity = (equity * BigInt(100 + step.growthPercent)) / 100n;
      valuations.push({ at: day(i + 1), equityCents: equity });
      const flow = BigInt(step.flow) * scale;
      const applied = flow < -equity ? -equity : flow;
      if (applied !== 0n) flows.push({ at: day(i + 1), amountCents: applied });
      equity += applied;
      if (equity === 0n && i < h.steps.length - 1) emptied = true;
    });
    return { valuations, flows, to: day(h.steps.length + 1), emptied };
  }

  test('flows never change the return: the same trading returns chain to the same percent whatever is deposited or withdrawn', () => {
    fc.assert(
      fc.property(history, (h) => {
        const { valuations, flows, to, emptied } = build(h);
        // a sub-period that starts with an emptied account has no return to chain
        fc.pre(!emptied);
        let expected = { num: 1n, den: 1n };
        for (const s of h.steps) {
          expected = { num: expected.num * BigInt(100 + s.growthPercent), den: expected.den * 100n };
        }
        const result = computeTimeWeightedReturn({ valuations, flows, from: day(0), to });
        expect(result).toBe(formatRatioAsPercentChange(expected));
        // the same history without any flow gives the same return
        expect(
          computeTimeWeightedReturn({
            valuations: build({ ...h, steps: h.steps.map((s) => ({ ...s, flow: 0 })) }).valuations,
            flows: [],
            from: day(0),
            to,
          }),
        ).toBe(result);
      }),
    );
  });

  test('the drawdown is between 0 and 100 % and is 0 when the return never fell', () => {
    fc.assert(
      fc.property(history, (h) => {
        const built = build(h);
        const result = computeMaxDrawdown({ ...built, from: day(0) });
        if (result === null) return;
        expect(Number(result)).toBeGreaterThanOrEqual(0);
        expect(Number(result)).toBeLessThanOrEqual(100);
        if (h.steps.every((s) => s.growthPercent >= 0)) expect(result).toBe('0.00');
      }),
    );
  });
});
