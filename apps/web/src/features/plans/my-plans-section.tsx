import type { PlanPurchase } from '@candor/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { ownPlansQuery } from '../../lib/plans-api.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { formatDay, PLAN_KIND_SINGULAR } from './plan-format.ts';

const LINK_CLASS = 'font-semibold text-brand-700 hover:underline';

/** /account: the account's active plans with their expiry, and where to buy more. */
export function MyPlansSection() {
  const query = useQuery(ownPlansQuery);
  return (
    <section
      aria-labelledby="my-plans-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="my-plans-title" className="text-base font-semibold text-slate-900">
          My plans
        </h2>
        <p className="flex gap-4 text-sm">
          <Link to="/signal" className={LINK_CLASS}>
            Signal plans
          </Link>
          <Link to="/upgrade" className={LINK_CLASS}>
            Trading packages
          </Link>
        </p>
      </div>
      <div className="px-5 sm:px-6">
        <QueryPanel query={query} loading="Loading your plans…" failed="Your plans could not be loaded.">
          {(data) =>
            data.active.length === 0 ? (
              <p className="py-6 text-sm text-slate-500">
                No active plan. A signal plan unlocks the signals list on the{' '}
                <Link to="/signal" className={LINK_CLASS}>
                  Signal
                </Link>{' '}
                page; a trading package sets your spread and leverage on the{' '}
                <Link to="/upgrade" className={LINK_CLASS}>
                  Upgrade
                </Link>{' '}
                page.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.active.map((purchase) => (
                  <ActivePlanRow key={purchase.id} purchase={purchase} />
                ))}
              </ul>
            )
          }
        </QueryPanel>
      </div>
    </section>
  );
}

export function ActivePlanRow({ purchase }: { purchase: PlanPurchase }) {
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {purchase.name}{' '}
          <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
            {PLAN_KIND_SINGULAR[purchase.kind]}
          </span>
        </p>
        <p className="mt-0.5 text-sm text-slate-500">
          Bought on {formatDay(purchase.purchasedAt)} · {formatUsdDecimal(purchase.price)} paid
        </p>
      </div>
      <p className="text-sm font-semibold text-emerald-700">
        {purchase.expiresAt === null ? 'No end date' : `Active until ${formatDay(purchase.expiresAt)}`}
      </p>
    </li>
  );
}
