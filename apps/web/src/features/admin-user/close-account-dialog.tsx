import { ACCOUNT_STATUS_MESSAGES, ACCOUNT_STATUS_REASON_MAX_LENGTH } from '@candor/contracts/account-status';
import type { AdminUser } from '@candor/contracts/admin-users';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { ReasonDialog, type ReasonDialogActions } from '../../components/ui/reason-dialog.tsx';
import { closeCheckQuery } from './account-status-api.ts';

/**
 * Close account on /user/{id}: first what would refuse the close now (open positions, pending
 * requests, money left, a recent adjustment's wait), each in the server's own sentence, with no
 * reason asked while anything is left; otherwise the reason, e-mailed to the customer. The close
 * checks again under its locks and decides: a check that could not be read asks for the reason.
 */
export function CloseAccountDialog({ user, ...actions }: { user: AdminUser } & ReasonDialogActions) {
  const check = useQuery(closeCheckQuery(user.id));
  if (check.isPending) {
    return (
      <CloseAccountNotice onCancel={actions.onCancel} dismissLabel="Cancel">
        <LoadingState plain padding="py-6">
          Checking what is left in the account...
        </LoadingState>
      </CloseAccountNotice>
    );
  }
  const refusals = check.data?.refusals ?? [];
  if (refusals.length > 0) {
    return (
      <CloseAccountNotice onCancel={actions.onCancel} dismissLabel="Back">
        <p className="mt-1 text-sm text-slate-500">
          <strong className="text-slate-700">{user.fullName}</strong>'s account cannot be closed yet:
        </p>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
          {refusals.map((refusal) => (
            <li key={refusal}>{refusal}</li>
          ))}
        </ul>
      </CloseAccountNotice>
    );
  }
  return (
    <ReasonDialog
      title="Close account"
      readBy="customer"
      description={
        <>
          Close <strong className="text-slate-700">{user.fullName}</strong>'s account? Only an account with a
          zero balance, no open positions and no pending deposits or withdrawals can be closed. Their personal
          data, files and sessions are erased; the ledger and audit records are kept. This cannot be undone.
        </>
      }
      busyLabel={ACCOUNT_STATUS_MESSAGES.deleting}
      hint="E-mailed to the customer with the closure notice, and recorded in the audit log."
      requiredMessage={REASON_REQUIRED}
      maxLength={ACCOUNT_STATUS_REASON_MAX_LENGTH}
      {...actions}
    />
  );
}

/** The Close account dialog while it asks for no reason: what it says, and one button out. */
function CloseAccountNotice({
  onCancel,
  dismissLabel,
  children,
}: {
  onCancel: () => void;
  dismissLabel: 'Cancel' | 'Back';
  children: ReactNode;
}) {
  return (
    <Dialog title="Close account" busy={false} onCancel={onCancel}>
      {children}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {dismissLabel}
        </Button>
      </div>
    </Dialog>
  );
}
