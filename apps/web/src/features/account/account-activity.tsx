import { type ActiveSession, SESSION_MESSAGES } from '@candor/contracts/user-activity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SessionsTable, SignInsTable } from '../../components/ui/activity-tables.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { signOut } from '../../lib/session.ts';
import { accountActivityQuery, endOtherOwnSessions, endOwnSession } from './account-activity-api.ts';

/**
 * The customer's account activity on /account (PRODUCT.md, issue 10 item 6): their recent
 * sign-ins and the sessions still open, each of which they can end. Ending this browser's session
 * signs them out; with other sessions open, one button ends all of those at once.
 */
export function AccountActivity() {
  const { data, isPending, isError, refetch } = useQuery(accountActivityQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const end = useMutation({
    mutationFn: (session: ActiveSession) => endOwnSession(session.id),
    onSuccess: async (_, session) => {
      if (session.current) {
        await signOut();
        await navigate({ to: '/' });
        return;
      }
      notify.success(SESSION_MESSAGES.ended);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountActivity });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <section aria-labelledby="account-activity" className="space-y-4">
      <div>
        <h2 id="account-activity" className="text-base font-semibold text-slate-900">
          Account activity
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">
          Where your account is signed in. If you do not recognise a session, end it and change your password.
        </p>
      </div>
      {isPending ? (
        <LoadingState>Loading account activity...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your account activity could not be loaded.</LoadError>
      ) : (
        <div className="space-y-6">
          <div className="min-w-0 space-y-2">
            <h3 className="text-sm font-semibold text-slate-700">Active sessions</h3>
            {data.sessions.length === 0 ? (
              <EmptyState title="No active sessions." />
            ) : (
              <SessionsTable
                sessions={data.sessions}
                onEnd={(session) => end.mutate(session)}
                endingId={end.isPending ? end.variables?.id : null}
              />
            )}
            <EndOtherSessions count={data.sessions.filter((session) => !session.current).length} />
          </div>
          <div className="min-w-0 space-y-2">
            <h3 className="text-sm font-semibold text-slate-700">Recent sign-ins</h3>
            {data.signIns.length === 0 ? (
              <EmptyState title="No sign-ins recorded yet." />
            ) : (
              <SignInsTable signIns={data.signIns} />
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * "Sign out of all other sessions" under the list while `count` other sessions are open (a password
 * thought stolen): it asks first, then ends them all and leaves this browser signed in.
 */
function EndOtherSessions({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const endOthers = useMutation({
    mutationFn: endOtherOwnSessions,
    onSuccess: async () => {
      setConfirming(false);
      notify.success(SESSION_MESSAGES.othersEnded);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountActivity });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (count === 0) return null;
  const close = () => setConfirming(false);

  return (
    <div className="flex sm:justify-end">
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
        {END_OTHERS}
      </Button>
      {confirming ? (
        <Dialog title={END_OTHERS} busy={endOthers.isPending} onCancel={close}>
          <p className="mt-1 text-sm text-slate-600">
            Your account will be signed out on every other browser and device ({count} other{' '}
            {count === 1 ? 'session' : 'sessions'}). This browser stays signed in.
          </p>
          <ConfirmButtons
            className="mt-5"
            busy={endOthers.isPending}
            onCancel={close}
            onConfirm={() => endOthers.mutate()}
            confirmLabel={END_OTHERS}
            busyLabel="Signing out..."
            variant="danger"
          />
        </Dialog>
      ) : null}
    </div>
  );
}

const END_OTHERS = 'Sign out of all other sessions';
