import { toMinorUnits, usdAmountSchema } from '@candor/contracts/money';
import {
  formatFeePercent,
  PAYOUT_DETAILS_INPUT,
  WITHDRAWAL_MESSAGES,
  type WithdrawalMethod,
  type WithdrawalTerms,
} from '@candor/contracts/withdrawals';
import { formatUsd, parseMinorUnits, parsePercentBps } from '@candor/domain/money/money';
import { checkWithdrawalAmount, computeWithdrawalFee } from '@candor/domain/withdrawals/withdrawal-amount';
import { z } from 'zod';

/**
 * What the form shows before submitting (PRODUCT.md §2): `Fee: 2.5% = $2.50, you receive $97.50`.
 * Null while the amount is not a positive amount.
 */
export function feeLine(
  amountText: string,
  terms: Pick<WithdrawalTerms, 'withdrawalPercent'>,
): string | null {
  const amount = parseMinorUnits(amountText);
  const bps = parsePercentBps(terms.withdrawalPercent);
  if (!amount.ok || amount.value <= 0n || !bps.ok) return null;
  const { fee, net } = computeWithdrawalFee(amount.value, bps.value);
  return `Fee: ${formatFeePercent(terms.withdrawalPercent)}% = ${formatUsd(fee)}, you receive ${formatUsd(net)}`;
}

/**
 * The values of every method's form: the amount, the method's payout fields, and the
 * authenticator code when two-factor is on (checked by the server).
 */
export type WithdrawalFormValues = {
  amount: string;
  details: Record<string, string>;
  twoFactorCode?: string;
};

/** The empty form of a method. */
export function emptyWithdrawalForm(method: WithdrawalMethod): WithdrawalFormValues {
  const details: Record<WithdrawalMethod, Record<string, string>> = {
    bank: { accountNumber: '', bankName: '', accountName: '' },
    crypto: { coin: '', address: '' },
    paypal: { email: '' },
    cashapp: { cashtag: '' },
    gcash: { accountNumber: '', accountName: '' },
  };
  return { amount: '', details: details[method], twoFactorCode: '' };
}

/**
 * A method's form: the amount with the seed's rules against the terms (required, not above the
 * available balance, not above available − owed when a loan is owed, not below the minimum) and the method's payout details, checked as the
 * server checks them.
 */
export function withdrawalFormSchema(
  method: WithdrawalMethod,
  terms: WithdrawalTerms,
): z.ZodType<WithdrawalFormValues, WithdrawalFormValues> {
  const amount = usdAmountSchema(WITHDRAWAL_MESSAGES.amountRequired).superRefine((text, ctx) => {
    const parsed = parseMinorUnits(text);
    if (!parsed.ok || parsed.value <= 0n) return;
    const checked = checkWithdrawalAmount({
      amountCents: parsed.value,
      availableCents: toMinorUnits(terms.available),
      minimumCents: toMinorUnits(terms.minWithdrawal),
      owedCents: toMinorUnits(terms.owed),
    });
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error.message });
  });
  return z.object({ amount, details: PAYOUT_DETAILS_INPUT[method], twoFactorCode: z.string().optional() });
}
