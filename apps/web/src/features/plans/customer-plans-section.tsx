import { MyPlansSchema, type PlanPurchase } from '@candor/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { ActivePlanRow } from './my-plans-section.tsx';
import { formatDay, PLAN_KIND_SINGULAR } from './plan-format.ts';

function customerPlansQuery(userId: string) {
  return queryOptions({
    queryKey: [...queryKeys.admin, 'users', userId, 'plans'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/admin/users/${userId}/plans`, MyPlansSchema, { signal }),
  });
}

const STATUS_LABELS = { active: 'Active', expired: 'Expired', replaced: 'Replaced' } as const;

/** /user/{id}: the customer's active plans and their recent ended ones (customers.read). */
export function CustomerPlansSection({ userId }: { userId: string }) {
  const query = useQuery(customerPlansQuery(userId));
  return (
    <section
      aria-labelledby="customer-plans-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="customer-plans-title"
        className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6"
      >
        Plans
      </h2>
      <div className="px-5 sm:px-6">
        <QueryPanel query={query} loading="Loading the plans…" failed="The plans could not be loaded.">
          {(data) =>
            data.active.length === 0 && data.past.length === 0 ? (
              <p className="py-6 text-sm text-slate-500">No plan bought yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.active.map((purchase) => (
                  <ActivePlanRow key={purchase.id} purchase={purchase} />
                ))}
                {data.past.map((purchase) => (
                  <PastPlanRow key={purchase.id} purchase={purchase} />
                ))}
              </ul>
            )
          }
        </QueryPanel>
      </div>
    </section>
  );
}

function PastPlanRow({ purchase }: { purchase: PlanPurchase }) {
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-700">
          {purchase.name}{' '}
          <span className="text-xs text-slate-500">· {PLAN_KIND_SINGULAR[purchase.kind]}</span>
        </p>
        <p className="mt-0.5 text-sm text-slate-500">
          Bought on {formatDay(purchase.purchasedAt)} · {formatUsdDecimal(purchase.price)} paid
          {purchase.replacementCredit !== null && purchase.replacementCredit !== '0.00'
            ? ` · ${formatUsdDecimal(purchase.replacementCredit)} credited`
            : ''}
        </p>
      </div>
      <StatusBadge label={STATUS_LABELS[purchase.status]} />
    </li>
  );
}
