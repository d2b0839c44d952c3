import { type Payout, PayoutSchema, payoutMethodLabel, type Withdrawal } from '@candor/contracts/withdrawals';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import type { WithdrawalRow } from './withdrawals.repository.ts';

export function rowPayout(row: Pick<WithdrawalRow, 'method' | 'details'>): Payout {
  return PayoutSchema.parse({ method: row.method, details: row.details });
}

export function rowMethodLabel(row: Pick<WithdrawalRow, 'method' | 'details'>): string {
  return payoutMethodLabel(rowPayout(row));
}

/** A withdrawal as its customer sees it: the hold's reason while on hold, the reason of a rejection. */
export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  const { status } = row;
  return {
    id: row.id,
    amount: formatDecimal(row.amountMinor),
    fee: formatDecimal(row.feeMinor),
    net: formatDecimal(row.netMinor),
    feePercent: formatPercentBps(row.feeBps),
    status,
    holdReason: status === 'on_hold' ? row.holdReason : null,
    rejectionReason: status === 'rejected' ? row.decisionReason : null,
    codeExpiresAt:
      status === 'awaiting_confirmation' && row.codeHash && row.codeExpiresAt
        ? row.codeExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...rowPayout(row),
  };
}
