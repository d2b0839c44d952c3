import { WITHDRAWAL_MESSAGES, type Withdrawal } from '@candor/contracts/withdrawals';
import { notify } from '../../lib/notify.ts';

/**
 * The seed's "Withdrawal successful" once a request is pending (recorded, or confirmed with its
 * code), with what that means: the amount reserved, not paid out yet. Nothing for other statuses.
 */
export function notifyWithdrawalPending(withdrawal: Pick<Withdrawal, 'status'>): void {
  if (withdrawal.status !== 'pending') return;
  notify.success(WITHDRAWAL_MESSAGES.success, { description: WITHDRAWAL_MESSAGES.successNote });
}
