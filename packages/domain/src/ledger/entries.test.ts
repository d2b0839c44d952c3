import { describe, expect, test } from 'vitest';
import { accountKey } from './accounts.ts';
import { applyEntries } from './balances.ts';
import {
  adjustmentEntry,
  assertBalancedEntry,
  bookedTradeResultEntry,
  depositEntry,
  describeProfitShareReceived,
  type EntryDraft,
  profitShareEntry,
  readProfitShareFigures,
  releaseEntry,
  reservationEntry,
  withdrawalEntries,
} from './entries.ts';

const U = 'user-1';
const CASH = `customer_cash:${U}`;
const RESERVED = `customer_reserved:${U}`;

/** The postings of entries as { accountKey: amount } per entry, for readable expectations. */
function legs(entries: EntryDraft[]) {
  return entries.map((e) => ({
    kind: e.kind,
    postings: Object.fromEntries(e.postings.map((p) => [accountKey(p.account), p.amount])),
  }));
}

describe('entry kinds', () => {
  const scenarios: { name: string; entries: EntryDraft[]; expected: ReturnType<typeof legs> }[] = [
    {
      name: 'a deposit moves money from transit into the customer cash',
      entries: [depositEntry({ userId: U, amount: 10_000n, depositId: 'd', methodLabel: 'Bitcoin(BTC)' })],
      expected: [{ kind: 'deposit', postings: { platform_transit: -10_000n, [CASH]: 10_000n } }],
    },
    {
      name: 'a reservation moves cash to reserved funds',
      entries: [reservationEntry({ userId: U, amount: 2_500n, withdrawalId: 'w', methodLabel: 'Bank' })],
      expected: [{ kind: 'reservation', postings: { [CASH]: -2_500n, [RESERVED]: 2_500n } }],
    },
    {
      name: 'a release moves reserved funds back to cash',
      entries: [releaseEntry({ userId: U, amount: 2_500n, withdrawalId: 'w', reason: 'Wrong account' })],
      expected: [{ kind: 'release', postings: { [RESERVED]: -2_500n, [CASH]: 2_500n } }],
    },
    {
      name: 'a settled withdrawal sends the net out and the fee to fee revenue',
      entries: withdrawalEntries({
        userId: U,
        net: 9_750n,
        fee: 250n,
        feePercent: '2.50',
        withdrawalId: 'w',
        methodLabel: 'Bank',
      }),
      expected: [
        { kind: 'withdrawal', postings: { [RESERVED]: -9_750n, platform_transit: 9_750n } },
        { kind: 'withdrawal_fee', postings: { [RESERVED]: -250n, platform_fee_revenue: 250n } },
      ],
    },
    {
      name: 'a withdrawal without a fee is one entry',
      entries: withdrawalEntries({
        userId: U,
        net: 100n,
        fee: 0n,
        feePercent: '0.00',
        withdrawalId: 'w',
        methodLabel: 'PayPal',
      }),
      expected: [{ kind: 'withdrawal', postings: { [RESERVED]: -100n, platform_transit: 100n } }],
    },
    {
      name: 'a credit adjustment comes from the adjustments account',
      entries: [adjustmentEntry({ userId: U, direction: 'credit', amount: 123n, reason: 'Goodwill' })],
      expected: [{ kind: 'adjustment', postings: { platform_adjustments: -123n, [CASH]: 123n } }],
    },
    {
      name: 'a debit adjustment goes to the adjustments account',
      entries: [adjustmentEntry({ userId: U, direction: 'debit', amount: 123n, reason: 'Duplicate credit' })],
      expected: [{ kind: 'adjustment', postings: { [CASH]: -123n, platform_adjustments: 123n } }],
    },
    {
      name: "a booked trade's profit comes from the house into the customer cash",
      entries: [
        bookedTradeResultEntry({ userId: U, result: 1_234n, tradeId: 't', description: 'BUY EURUSD' }),
      ],
      expected: [{ kind: 'trade_result', postings: { platform_house: -1_234n, [CASH]: 1_234n } }],
    },
    {
      name: "a booked trade's loss goes from the customer cash to the house",
      entries: [bookedTradeResultEntry({ userId: U, result: -567n, tradeId: 't', description: 'SELL AAPL' })],
      expected: [{ kind: 'trade_result', postings: { [CASH]: -567n, platform_house: 567n } }],
    },
    {
      name: "a profit share moves the fee from the follower's cash to the provider's cash",
      entries: [
        profitShareEntry({
          followerId: U,
          providerId: 'provider-1',
          amount: 400n,
          tradeId: 't',
          providerName: 'Ann',
          profitShareBps: 2_000,
          riseCents: 2_000n,
        }),
      ],
      expected: [{ kind: 'profit_share', postings: { [CASH]: -400n, 'customer_cash:provider-1': 400n } }],
    },
  ];

  for (const scenario of scenarios) {
    test(scenario.name, () => {
      expect(legs(scenario.entries)).toEqual(scenario.expected);
      for (const entry of scenario.entries) expect(() => assertBalancedEntry(entry)).not.toThrow();
    });
  }

  test('an adjustment describes itself with the reason the administrator gave', () => {
    expect(
      adjustmentEntry({ userId: U, direction: 'credit', amount: 1n, reason: 'Bonus for March' }).description,
    ).toBe('Bonus for March');
  });

  test('a booked trade names itself as booked by the desk and references the trade; a zero result is a bug', () => {
    const entry = bookedTradeResultEntry({
      userId: U,
      result: -1n,
      tradeId: 't-1',
      description: 'SELL AAPL ×1.00 at 190.10',
    });
    expect(entry.description).toBe('Loss (booked by desk): SELL AAPL ×1.00 at 190.10');
    expect(entry.reference).toEqual({ trade: 't-1' });
    expect(() => bookedTradeResultEntry({ userId: U, result: 0n, tradeId: 't', description: 'x' })).toThrow();
  });

  test('a profit share is the follower’s entry, says its rate, the rise and the provider, and references the trade, both customers and the figures', () => {
    const entry = profitShareEntry({
      followerId: U,
      providerId: 'provider-1',
      amount: 35n,
      tradeId: 't-9',
      providerName: 'Ann Lee',
      profitShareBps: 2_000,
      riseCents: 177n,
    });
    expect(entry.userId).toBe(U);
    expect(entry.description).toBe(
      'Profit share: 20% of $1.77 above your previous best on copies of Ann Lee',
    );
    expect(entry.reference).toEqual({
      trade: 't-9',
      follower: U,
      provider: 'provider-1',
      profitShareBps: '2000',
      riseMinor: '177',
    });
  });

  test('a profit share at a rate with decimals on a rise above $1,000 reads them so', () => {
    const entry = profitShareEntry({
      followerId: U,
      providerId: 'p',
      amount: 15_432n,
      tradeId: 't',
      providerName: 'Aurora FX',
      profitShareBps: 1_250,
      riseCents: 123_456n,
    });
    expect(entry.description).toBe(
      'Profit share: 12.5% of $1,234.56 above your previous best on copies of Aurora FX',
    );
  });

  test('a profit share of zero, paid to oneself or above the rise it is a share of, is a bug', () => {
    const input = {
      followerId: U,
      providerId: 'p',
      amount: 0n,
      tradeId: 't',
      providerName: 'x',
      profitShareBps: 2_000,
      riseCents: 10n,
    };
    expect(() => profitShareEntry(input)).toThrow();
    expect(() => profitShareEntry({ ...input, amount: 1n, providerId: U })).toThrow();
    expect(() => profitShareEntry({ ...input, amount: 11n })).toThrow();
  });

  test("a profit share received reads, for the provider, as a share of a follower's rise, naming no one", () => {
    expect(describeProfitShareReceived({ profitShareBps: 2_000, riseCents: 177n })).toBe(
      "Profit share received: 20% of a follower's $1.77 rise on a copy of your trade",
    );
    expect(describeProfitShareReceived(null)).toBe(
      "Profit share received on a follower's copy of your trade",
    );
  });

  test('the figures of a profit share are read back from its reference, and none from a reference without them', () => {
    const entry = profitShareEntry({
      followerId: U,
      providerId: 'p',
      amount: 15_432n,
      tradeId: 't',
      providerName: 'x',
      profitShareBps: 1_250,
      riseCents: 123_456n,
    });
    expect(readProfitShareFigures(entry.reference)).toEqual({ profitShareBps: 1_250, riseCents: 123_456n });
    expect(readProfitShareFigures({ trade: 't', follower: U, provider: 'p' })).toBeNull();
    expect(readProfitShareFigures({ profitShareBps: '20%', riseMinor: '177' })).toBeNull();
    expect(readProfitShareFigures({ profitShareBps: '2000', riseMinor: null })).toBeNull();
    expect(readProfitShareFigures(null)).toBeNull();
  });

  test("a profit share cannot take the follower's cash below zero", () => {
    const entry = profitShareEntry({
      followerId: U,
      providerId: 'p',
      amount: 500n,
      tradeId: 't',
      providerName: 'x',
      profitShareBps: 5_000,
      riseCents: 1_000n,
    });
    const refused = applyEntries(new Map([[CASH, 499n]]), [entry]);
    expect(refused).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_FUNDS', accountKey: CASH, shortBy: 1n },
    });
  });

  test('builders refuse zero and negative amounts', () => {
    expect(() => depositEntry({ userId: U, amount: 0n, depositId: 'd', methodLabel: 'x' })).toThrow();
    expect(() => reservationEntry({ userId: U, amount: -1n, withdrawalId: 'w', methodLabel: 'x' })).toThrow();
    expect(() =>
      withdrawalEntries({
        userId: U,
        net: 0n,
        fee: 0n,
        feePercent: '0',
        withdrawalId: 'w',
        methodLabel: 'x',
      }),
    ).toThrow();
  });

  test('an entry that does not sum to zero, posts zero or posts one account twice is a bug', () => {
    const cash = { kind: 'customer_cash', userId: U } as const;
    const house = { kind: 'platform_house' } as const;
    const base = { kind: 'adjustment', description: 'x', userId: U } as const;
    expect(() =>
      assertBalancedEntry({
        ...base,
        postings: [
          { account: cash, amount: 1n },
          { account: house, amount: 0n },
        ],
      }),
    ).toThrow('zero posting');
    expect(() =>
      assertBalancedEntry({
        ...base,
        postings: [
          { account: cash, amount: 2n },
          { account: house, amount: -1n },
        ],
      }),
    ).toThrow('does not balance');
    expect(() =>
      assertBalancedEntry({
        ...base,
        postings: [
          { account: cash, amount: 1n },
          { account: cash, amount: -1n },
        ],
      }),
    ).toThrow('twice');
    expect(() => assertBalancedEntry({ ...base, postings: [] })).toThrow('two postings');
  });
});

describe('applyEntries', () => {
  test('records the balance after every posting', () => {
    const result = applyEntries(new Map(), [
      depositEntry({ userId: U, amount: 1_000n, depositId: 'd', methodLabel: 'x' }),
      reservationEntry({ userId: U, amount: 400n, withdrawalId: 'w', methodLabel: 'x' }),
    ]);
    expect(
      result.ok && result.value.legs.map((l) => [l.entryIndex, accountKey(l.account), l.balanceAfter]),
    ).toEqual([
      [0, 'platform_transit', -1_000n],
      [0, CASH, 1_000n],
      [1, CASH, 600n],
      [1, RESERVED, 400n],
    ]);
  });

  test('refuses the whole batch when a customer account would go below zero', () => {
    const start = new Map([[CASH, 500n]]);
    const result = applyEntries(start, [
      adjustmentEntry({ userId: U, direction: 'debit', amount: 300n, reason: 'a' }),
      adjustmentEntry({ userId: U, direction: 'debit', amount: 300n, reason: 'b' }),
    ]);
    expect(result).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_FUNDS', accountKey: CASH, shortBy: 100n },
    });
    expect(start.get(CASH)).toBe(500n);
  });

  test('platform accounts may go below zero (money from outside the platform)', () => {
    const result = applyEntries(new Map(), [
      depositEntry({ userId: U, amount: 1n, depositId: 'd', methodLabel: 'x' }),
    ]);
    expect(result.ok && result.value.balances.get('platform_transit')).toBe(-1n);
  });
});
