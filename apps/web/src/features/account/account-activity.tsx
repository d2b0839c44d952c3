import { type ActiveSession, SESSION_MESSAGES } from '@candor/contracts/user-activity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SessionsTable, SignInsTable } from '../../components/ui/activity-tables.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { signOut } from '../../lib/session.ts';
import { accountActivityQuery, endOwnSession } from './account-activity-api.ts';

/**
 * The customer's account activity on /account (PRODUCT.md, issue 10 item 6): their recent
 * sign-ins and the sessions still open, each of which they can end. Ending this browser's session
 * signs them out.
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
