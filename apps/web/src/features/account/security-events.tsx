import { SecurityOverviewSchema } from '@candor/contracts/account-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SecurityEventList } from '../../components/security-event-list.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { apiRequest } from '../../lib/api.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const accountSecurityQuery = queryOptions({
  queryKey: queryKeys.accountSecurity,
  queryFn: ({ signal }) => apiRequest('/api/account/security', SecurityOverviewSchema, { signal }),
  staleTime: 0,
});

/**
 * /account: whether withdrawals are frozen or waiting after a security change (and why), and the
 * account's latest security events (password, e-mail, two-factor changes; passkeys; freezes).
 */
export function SecurityEvents() {
  const { data, isPending, isError, refetch } = useQuery(accountSecurityQuery);
  const isStaff = useIsStaff();
  return (
    <section aria-labelledby="security-events" className="space-y-4">
      <div>
        <h2 id="security-events" className="text-base font-semibold text-slate-900">
          Security
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">
          {isStaff
            ? // A staff account holds no money (decision 062): no withdrawal waits to speak of.
              'Changes to your password, e-mail, two-factor sign-in and passkeys.'
            : "New withdrawals wait 24 hours after a change of password or e-mail, or after two-factor sign-in is turned off. They wait 7 days after a password reset with a link from the site's administrators."}
        </p>
      </div>
      {isPending ? (
        <LoadingState>Loading security events...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your security events could not be loaded.</LoadError>
      ) : (
        <div className="space-y-3">
          {data.protection.message ? (
            <div
              role="status"
              className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
            >
              <p>{data.protection.message}</p>
              {data.protection.frozen ? (
                <Link to="/withdrawals" className="mt-1 inline-block font-semibold underline">
                  Unfreeze withdrawals
                </Link>
              ) : null}
            </div>
          ) : null}
          <SecurityEventList events={data.events} empty="No security events yet." />
        </div>
      )}
    </section>
  );
}
