import { type AdminDeposit, DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import {
  ADMIN_DEPOSITS_QUERY_KEY,
  adminDepositQueryKey,
  approveDeposit,
  rejectDeposit,
} from './admin-deposits-api.ts';

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * Approve and reject, shared by the Deposit tab and /deposit/{id}. Each decision carries an
 * Idempotency-Key, reused when the same decision on the same deposit is retried after a failure.
 * On success the deposit's page is updated in place and every deposit list is refreshed.
 */
export function useDepositDecision() {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const [deciding, setDeciding] = useState<string | null>(null);

  async function decide(id: string, decision: Decision): Promise<AdminDeposit | null> {
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
          ? await approveDeposit(id, key)
          : await rejectDeposit(id, { reason: decision.reason }, key);
      keys.current.delete(submission);
      queryClient.setQueryData(adminDepositQueryKey(id), decided);
      notify.success(decision.kind === 'approve' ? DEPOSIT_MESSAGES.approved : DEPOSIT_MESSAGES.rejected);
      return decided;
    } catch (error) {
      notify.error(DEPOSIT_MESSAGES.decisionFailed, {
        description: error instanceof Error ? error.message : String(error),
      });
      return null;
    } finally {
      setDeciding(null);
      await queryClient.invalidateQueries({ queryKey: ADMIN_DEPOSITS_QUERY_KEY });
    }
  }

  return { decide, deciding };
}
