import {
  ACCOUNT_SECURITY_MESSAGES,
  formatUtcMinute,
  SecurityOverviewSchema,
  WithdrawalProtectionSchema,
} from '@candor/contracts/account-security';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SecurityEventList } from '../../components/security-event-list.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { apiRequest } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';

function userSecurityQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.adminUserSecurity(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/security`, SecurityOverviewSchema, {
        signal,
      }),
  });
}

function releaseFreeze(userId: string, reason: string) {
  return apiRequest(
    `/api/admin/users/${encodeURIComponent(userId)}/withdrawal-freeze/release`,
    WithdrawalProtectionSchema,
    { method: 'POST', body: { reason } },
  );
}

/**
 * /user/{id}: the customer's withdrawal protection (a freeze from the e-mailed link, or the 24-hour
 * wait after a security change) and their security events. Staff holding customers.status can
 * release a freeze, with a reason (audited). A staff account's freeze (from its days as a customer)
 * is shown without that button: the server refuses it, staff accounts holding no money
 * (docs/decisions/061, 062).
 */
export function WithdrawalSecurity({
  userId,
  staffAccount = false,
}: {
  userId: string;
  staffAccount?: boolean;
}) {
  const { data, isPending, isError, refetch } = useQuery(userSecurityQuery(userId));
  const canRelease = useCan('customers.status') && !staffAccount;
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const release = useIdempotentMutation({
    mutationFn: (reason: string) => releaseFreeze(userId, reason),
    onSuccess: async () => {
      setAsking(false);
      notify.success(ACCOUNT_SECURITY_MESSAGES.released);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUser(userId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <section aria-labelledby="security-events" className="space-y-3">
      <h2 id="security-events" className="text-base font-semibold text-slate-900">
        Security and withdrawal protection
      </h2>
      {isPending ? (
        <LoadingState>Loading security events...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The security events could not be loaded.</LoadError>
      ) : (
        <div className="space-y-3">
          {data.protection.frozen ? (
            <div
              role="status"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
            >
              <p>
                {staffAccount ? 'Withdrawals frozen' : 'Withdrawals frozen by the customer'}
                {data.protection.frozenAt ? ` since ${formatUtcMinute(data.protection.frozenAt)}` : ''}
                {staffAccount
                  ? ', from the account’s time as a customer. Staff accounts hold no money: the freeze stays, and applies again if the account becomes a customer’s.'
                  : '.'}
              </p>
              {canRelease ? (
                <Button variant="secondary" onClick={() => setAsking(true)}>
                  Release freeze
                </Button>
              ) : null}
            </div>
          ) : data.protection.waitUntil ? (
            <p
              role="status"
              className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
            >
              New withdrawals wait until {formatUtcMinute(data.protection.waitUntil)} after a security change.
            </p>
          ) : null}
          <SecurityEventList events={data.events} empty="No security events." withAddress />
        </div>
      )}
      {asking ? (
        <ReasonDialog
          title="Release freeze"
          readBy="staff"
          description="Withdrawals become possible again for this customer. Say why (for example how you confirmed it is them)."
          busyLabel="Releasing..."
          requiredMessage={ACCOUNT_SECURITY_MESSAGES.reasonRequired}
          maxLength={500}
          variant="primary"
          hint="Recorded in the audit log."
          busy={release.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => release.mutate(reason)}
        />
      ) : null}
    </section>
  );
}
