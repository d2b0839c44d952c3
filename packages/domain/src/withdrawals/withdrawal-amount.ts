import type { DomainError } from '../errors.ts';
import { FULL_PERCENT_BPS, formatUsd } from '../money/money.ts';
import { err, ok, type Result } from '../result.ts';

/**
 * The fee on a withdrawal: amount × percent / 100, rounded half up to the cent (named rule
 * `roundHalfUpToCent`). The customer receives the rest.
 */
export function computeWithdrawalFee(amountCents: bigint, feeBps: number): { fee: bigint; net: bigint } {
  if (amountCents < 0n) throw new Error('negative withdrawal amount');
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > FULL_PERCENT_BPS)
    throw new Error('fee out of range');
  const scaled = amountCents * BigInt(feeBps);
  const fee = (scaled * 2n + BigInt(FULL_PERCENT_BPS)) / (2n * BigInt(FULL_PERCENT_BPS));
  return { fee, net: amountCents - fee };
}

export type WithdrawalAmountError = DomainError<
  'VALIDATION_FAILED' | 'INSUFFICIENT_FUNDS' | 'BELOW_MINIMUM_WITHDRAWAL'
>;

/**
 * Seed §5 withdrawal rules, in the seed's words. Borrowed money can be traded but not withdrawn
 * (issue 13): with a loan owed, at most available cash − owed can be withdrawn.
 */
export function checkWithdrawalAmount(input: {
  amountCents: bigint;
  availableCents: bigint;
  minimumCents: bigint;
  owedCents?: bigint;
}): Result<bigint, WithdrawalAmountError> {
  if (input.amountCents <= 0n) return err({ code: 'VALIDATION_FAILED', message: 'Please enter an amount' });
  if (input.amountCents > input.availableCents) {
    return err({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance!' });
  }
  const owed = input.owedCents ?? 0n;
  if (owed > 0n && input.amountCents > input.availableCents - owed) {
    const withdrawable = input.availableCents > owed ? input.availableCents - owed : 0n;
    return err({
      code: 'INSUFFICIENT_FUNDS',
      message: `Borrowed money cannot be withdrawn: you can withdraw up to ${formatUsd(withdrawable)}`,
    });
  }
  if (input.amountCents < input.minimumCents) {
    return err({
      code: 'BELOW_MINIMUM_WITHDRAWAL',
      message: `Minimum withdrawal is ${formatUsd(input.minimumCents)}`,
    });
  }
  return ok(input.amountCents);
}
