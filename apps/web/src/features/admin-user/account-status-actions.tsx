import {
  ACCOUNT_STATUS_MESSAGES,
  ACCOUNT_STATUS_REASON_MAX_LENGTH,
  STAFF_ACCOUNT_STATUS_MESSAGE,
} from '@candor/contracts/account-status';
import type { AdminUser } from '@candor/contracts/admin-users';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { SESSION_MESSAGES } from '@candor/contracts/user-activity';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { changeAccountStatus, closeAccount, endStaffSessions } from './account-status-api.ts';
import { CloseAccountDialog } from './close-account-dialog.tsx';

type Open = 'status' | 'close' | null;

/**
 * The account's status actions on /user/{id} (PRODUCT.md §2): Suspend account / Unsuspend account
 * (the label follows the status) and Close account, each asking for a reason. Only the buttons the
 * signed-in role may use are shown; a closed account has none. A staff account has none either: the
 * server refuses its suspension and closure, staff being managed by their role on the Staff tab
 * (docs/decisions/061); the section says so instead.
 */
export function AccountStatusActions({ user }: { user: AdminUser }) {
  if (user.role !== 'client') return <StaffAccountStatus user={user} />;
  return <CustomerStatusActions user={user} />;
}

/**
 * In place of the status actions on a staff member's page: where their access is managed, and for
 * the owner ('staff.manage') End all sessions of another member (a stolen laptop), with a reason kept
 * in the audit log (docs/decisions/061). Their own sessions are ended on their account page.
 */
function StaffAccountStatus({ user }: { user: AdminUser }) {
  const managesStaff = useCan('staff.manage');
  const me = useMe();
  const [ending, setEnding] = useState(false);
  const endSessions = useIdempotentMutation({
    mutationFn: (reason: string) => endStaffSessions(user.id, { reason }),
    onSuccess: () => {
      setEnding(false);
      notify.success(SESSION_MESSAGES.allEnded);
    },
    onError: (error) => {
      setEnding(false);
      notify.error(errorMessage(error));
    },
  });
  if (user.status === 'closed') return null;
  const mayEndSessions = managesStaff && user.id !== me.id;
  return (
    <section
      aria-labelledby="account-status-actions"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="account-status-actions" className="text-base font-semibold text-slate-900">
            Account status
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {STAFF_ACCOUNT_STATUS_MESSAGE}
            {managesStaff ? null : ' Staff roles are changed by an owner.'}
          </p>
        </div>
        {managesStaff ? (
          <div className="flex shrink-0 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <Link
              to="/all-user"
              search={{ tab: 'staff' }}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Open the Staff tab
            </Link>
            {mayEndSessions ? (
              <Button variant="danger" onClick={() => setEnding(true)}>
                End all sessions
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {ending ? (
        <ReasonDialog
          title="End all sessions"
          readBy="staff"
          description={
            <>
              Signs <strong className="text-slate-700">{user.fullName}</strong> out on every device. Their
              role stays as it is: they can sign in again with their password and two-factor code.
            </>
          }
          busyLabel="Ending..."
          requiredMessage={REASON_REQUIRED}
          maxLength={500}
          hint="Recorded with your name in the audit log."
          busy={endSessions.isPending}
          onCancel={() => setEnding(false)}
          onConfirm={(reason) => endSessions.mutate(reason)}
        />
      ) : null}
    </section>
  );
}

function CustomerStatusActions({ user }: { user: AdminUser }) {
  const mayChangeStatus = useCan('customers.status');
  const mayClose = useCan('customers.close');
  const [open, setOpen] = useState<Open>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const suspending = user.status === 'active';

  const changeStatus = useIdempotentMutation({
    mutationFn: (reason: string) =>
      changeAccountStatus(user.id, suspending ? 'suspend' : 'unsuspend', { reason }),
    onSuccess: async () => {
      setOpen(null);
      notify.success(ACCOUNT_STATUS_MESSAGES.updated);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
    },
    onError: (error) => {
      setOpen(null);
      notify.error(ACCOUNT_STATUS_MESSAGES.updateFailed, { description: errorMessage(error) });
    },
  });

  const close = useIdempotentMutation({
    mutationFn: (reason: string) => closeAccount(user.id, { reason }),
    onSuccess: async () => {
      notify.success(ACCOUNT_STATUS_MESSAGES.deleted);
      queryClient.removeQueries({ queryKey: queryKeys.adminUser(user.id) });
      await navigate({ to: '/all-user' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
    },
    onError: (error) => {
      setOpen(null);
      // A refusal names everything left in the account, one sentence each: it stays until closed, as
      // a toast's few seconds are not enough to read a list of what must happen first.
      notify.error(ACCOUNT_STATUS_MESSAGES.deleteFailed, {
        description: errorMessage(error),
        duration: Number.POSITIVE_INFINITY,
      });
    },
  });

  if (user.status === 'closed' || (!mayChangeStatus && !mayClose)) return null;

  return (
    <section
      aria-labelledby="account-status-actions"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="account-status-actions" className="text-base font-semibold text-slate-900">
            Account status
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {suspending
              ? 'A suspended customer can sign in, read their statement and close their open trades, but cannot trade, deposit or withdraw.'
              : 'This account is suspended. Unsuspending lets the customer trade, deposit and withdraw again.'}
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          {mayChangeStatus ? (
            <Button variant={suspending ? 'secondary' : 'primary'} onClick={() => setOpen('status')}>
              {suspending ? 'Suspend account' : 'Unsuspend account'}
            </Button>
          ) : null}
          {mayClose ? (
            <Button variant="danger" onClick={() => setOpen('close')}>
              Close account
            </Button>
          ) : null}
        </div>
      </div>

      {open === 'status' ? (
        <ReasonDialog
          title={suspending ? 'Suspend account' : 'Unsuspend account'}
          readBy="customer"
          description={
            suspending ? (
              <>
                Suspend <strong className="text-slate-700">{user.fullName}</strong>? The customer is told, and
                reads the reason under the inactive message.
              </>
            ) : (
              <>
                Make <strong className="text-slate-700">{user.fullName}</strong>'s account active again? The
                customer is told; the reason is recorded in the audit log.
              </>
            )
          }
          busyLabel={suspending ? 'Suspending...' : 'Unsuspending...'}
          requiredMessage={REASON_REQUIRED}
          maxLength={ACCOUNT_STATUS_REASON_MAX_LENGTH}
          variant={suspending ? 'danger' : 'primary'}
          hint={suspending ? 'Shown to the customer.' : 'Recorded in the audit log.'}
          busy={changeStatus.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) => changeStatus.mutate(reason)}
        />
      ) : null}

      {open === 'close' ? (
        <CloseAccountDialog
          user={user}
          busy={close.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) => close.mutate(reason)}
        />
      ) : null}
    </section>
  );
}
