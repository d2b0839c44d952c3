import { describe, expect, test } from 'vitest';
import { checkWithdrawalAmount, computeWithdrawalFee } from './withdrawal-amount.ts';

describe('computeWithdrawalFee', () => {
  const table: [string, bigint, number, bigint, bigint][] = [
    ['no fee', 10_000n, 0, 0n, 10_000n],
    ['2.5 % of $100.00', 10_000n, 250, 250n, 9_750n],
    ['half a cent rounds up', 10n, 500, 1n, 9n], // 5 % of $0.10 = 0.5 cent
    ['just under half a cent rounds down', 9n, 500, 0n, 9n], // 0.45 cent
    ['100 % leaves nothing', 12_345n, 10_000, 12_345n, 0n],
    ['1.33 % of $999.99', 99_999n, 133, 1_330n, 98_669n], // 1329.99 cents
  ];
  for (const [name, amount, bps, fee, net] of table) {
    test(name, () => expect(computeWithdrawalFee(amount, bps)).toEqual({ fee, net }));
  }
  test('fee plus net is always the amount', () => {
    for (let amount = 0n; amount < 2_000n; amount += 7n) {
      for (const bps of [0, 1, 99, 250, 3_333, 10_000]) {
        const { fee, net } = computeWithdrawalFee(amount, bps);
        expect(fee + net).toBe(amount);
        expect(fee >= 0n && net >= 0n).toBe(true);
      }
    }
  });
});

describe('checkWithdrawalAmount', () => {
  test('the seed texts, in the seed order', () => {
    const check = (amountCents: bigint) => {
      const result = checkWithdrawalAmount({ amountCents, availableCents: 5_000n, minimumCents: 1_000n });
      return result.ok ? 'ok' : result.error.message;
    };
    expect(check(0n)).toBe('Please enter an amount');
    expect(check(5_001n)).toBe('Insufficient balance!');
    expect(check(999n)).toBe('Minimum withdrawal is $10.00');
    expect(check(1_000n)).toBe('ok');
    expect(check(5_000n)).toBe('ok');
  });

  test('with a loan owed, borrowed money cannot be withdrawn: at most cash − owed', () => {
    const check = (amountCents: bigint, owedCents: bigint) => {
      const result = checkWithdrawalAmount({
        amountCents,
        availableCents: 5_000n,
        minimumCents: 1_000n,
        owedCents,
      });
      return result.ok ? 'ok' : result.error.message;
    };
    expect(check(3_000n, 2_000n)).toBe('ok');
    expect(check(3_001n, 2_000n)).toBe('Borrowed money cannot be withdrawn: you can withdraw up to $30.00');
    expect(check(1_000n, 9_000n)).toBe('Borrowed money cannot be withdrawn: you can withdraw up to $0.00');
    expect(check(5_001n, 2_000n)).toBe('Insufficient balance!');
  });
});
