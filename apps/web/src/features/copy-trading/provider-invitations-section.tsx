import type { StrategyProviderStatus } from '@candor/contracts/copy-trading';
import { useQuery } from '@tanstack/react-query';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { adminProvidersQuery } from './copy-trading-api.ts';

const STATUS_LABELS = {
  invited: 'Invited',
  active: 'Active',
  declined: 'Declined',
  removed: 'Deleted',
} as const satisfies Record<StrategyProviderStatus, string>;

/** Staff: the providers that are not on the cards (awaiting an answer, declined, deleted). */
export function ProviderInvitationsSection() {
  const providers = useQuery(adminProvidersQuery);
  return (
    <section aria-labelledby="provider-invitations" className="space-y-3">
      <h2 id="provider-invitations" className="text-lg font-semibold text-slate-900">
        Invitations and former traders
      </h2>
      {providers.isPending ? (
        <LoadingState>Loading providers...</LoadingState>
      ) : providers.isError ? (
        <LoadError onRetry={() => void providers.refetch()}>The providers could not be loaded.</LoadError>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {providers.data.items.filter((item) => item.status !== 'active').length === 0 ? (
            <li className="px-4 py-3 text-sm text-slate-500">None: every trader added has accepted.</li>
          ) : (
            providers.data.items
              .filter((item) => item.status !== 'active')
              .map((item) => (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{item.displayName}</p>
                    <p className="truncate text-xs text-slate-500">
                      {item.email} · added {formatDateTime(item.createdAt)}
                      {item.removalReason ? ` · ${item.removalReason}` : ''}
                    </p>
                  </div>
                  <StatusBadge label={STATUS_LABELS[item.status]} />
                </li>
              ))
          )}
        </ul>
      )}
    </section>
  );
}
