import type { AdminUser } from '@candor/contracts/admin-users';
import { type ActiveSession, SESSION_MESSAGES } from '@candor/contracts/user-activity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SessionsTable, SignInsTable } from '../../components/ui/activity-tables.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { endUserSessions, userSessionsQuery } from './admin-user-api.ts';

/** The customer's latest sign-ins (time, address, browser), from the user's details. */
export function RecentSignIns({ signIns }: { signIns: AdminUser['recentSignIns'] }) {
  return (
    <section aria-labelledby="recent-sign-ins" className="space-y-3">
      <h2 id="recent-sign-ins" className="text-base font-semibold text-slate-900">
        Recent sign-ins
      </h2>
      {signIns.length === 0 ? (
        <EmptyState title="No sign-ins recorded yet." />
      ) : (
        <SignInsTable signIns={signIns} />
      )}
    </section>
  );
}

/** Which sessions the open dialog ends: one, or all of them. */
type Ending = { session: ActiveSession } | { all: true };

/**
 * The customer's active sessions; staff who may change an account's status end one or all of
 * them, with an optional note kept in the audit log (the others only see the list).
 */
export function UserSessions({ userId }: { userId: string }) {
  const canEnd = useCan('customers.status');
  const { data, isPending, isError, refetch } = useQuery(userSessionsQuery(userId));
  const [ending, setEnding] = useState<Ending | null>(null);
  const queryClient = useQueryClient();
  const end = useIdempotentMutation({
    mutationFn: ({ target, reason }: { target: Ending; reason: string }) =>
      endUserSessions(userId, { sessionId: 'session' in target ? target.session.id : undefined, reason }),
    onSuccess: async (_, { target }) => {
      setEnding(null);
      notify.success('all' in target ? SESSION_MESSAGES.allEnded : SESSION_MESSAGES.ended);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUserSessions(userId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <section aria-labelledby="user-sessions" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="user-sessions" className="text-base font-semibold text-slate-900">
          Sessions
        </h2>
        {canEnd && data && data.items.length > 0 ? (
          <Button variant="danger" className="px-3 py-1.5 text-xs" onClick={() => setEnding({ all: true })}>
            End all sessions
          </Button>
        ) : null}
      </div>
      {isPending ? (
        <LoadingState>Loading sessions...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The sessions could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No active sessions." />
      ) : (
        <SessionsTable
          sessions={data.items}
          onEnd={canEnd ? (session) => setEnding({ session }) : undefined}
        />
      )}
      {ending ? (
        <ReasonDialog
          title={'all' in ending ? 'End all sessions' : 'End session'}
          readBy="staff"
          description={
            'all' in ending
              ? `Signs the customer out on every device (${data?.items.length ?? 0} active).`
              : 'Signs the customer out on this device.'
          }
          busyLabel="Ending..."
          maxLength={500}
          busy={end.isPending}
          onCancel={() => setEnding(null)}
          onConfirm={(reason) => end.mutate({ target: ending, reason })}
        />
      ) : null}
    </section>
  );
}
