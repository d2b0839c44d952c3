import { type AdminWithdrawal, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import {
  ADMIN_WITHDRAWALS_QUERY_KEY,
  adminWithdrawalQueryKey,
  approveWithdrawal,
  rejectWithdrawal,
  releaseWithdrawalHold,
} from './admin-withdrawals-api.ts';

export type WithdrawalDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'release_hold'; reason?: string };

const DONE = {
  approve: WITHDRAWAL_MESSAGES.approved,
  reject: WITHDRAWAL_MESSAGES.rejected,
  release_hold: WITHDRAWAL_MESSAGES.holdReleased,
} as const;

/**
 * Approve, reject and release hold, shared by the Withdrawals tab and /withdrawal/{id}. Each
 * decision carries an Idempotency-Key, reused when the same decision is retried after a failure.
 * On success the withdrawal's page updates in place and every withdrawal list is refreshed; a
 * refusal (already decided, say) shows the server's message and the current state.
 */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const [deciding, setDeciding] = useState<string | null>(null);

  async function decide(id: string, decision: WithdrawalDecision): Promise<AdminWithdrawal | null> {
    const submission = JSON.stringify([id, decision]);
    let key = keys.current.get(submission);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(submission, key);
    }
    setDeciding(id);
    try {
      const decided =
        decision.kind === 'approve'
          ? await approveWithdrawal(id, key)
          : decision.kind === 'reject'
            ? await rejectWithdrawal(id, { reason: decision.reason }, key)
            : await releaseWithdrawalHold(id, { reason: decision.reason }, key);
      keys.current.delete(submission);
      queryClient.setQueryData(adminWithdrawalQueryKey(id), decided);
      notify.success(DONE[decision.kind]);
      return decided;
    } catch (error) {
      notify.error(error instanceof Error ? error.message : WITHDRAWAL_MESSAGES.failed);
      return null;
    } finally {
      setDeciding(null);
      await queryClient.invalidateQueries({ queryKey: ADMIN_WITHDRAWALS_QUERY_KEY });
    }
  }

  return { decide, deciding };
}
