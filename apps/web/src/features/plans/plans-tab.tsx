import type { Plan } from '@candor/contracts/plans';
import { PLAN_KINDS } from '@candor/domain/plans/plan-kinds';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { PlanFormDialog } from './plan-form-dialog.tsx';
import { formatDuration, PLAN_KIND_LABELS, summarizeFeatures } from './plan-format.ts';
import { adminPlansQuery } from './plans-admin-api.ts';

const COLUMNS = [
  { label: 'Name' },
  { label: 'Kind', className: 'hidden md:table-cell' },
  { label: 'Price', className: 'text-right' },
  { label: 'Duration', className: 'hidden sm:table-cell' },
  { label: 'On sale', className: 'hidden sm:table-cell' },
  { label: 'Rank', className: 'hidden md:table-cell text-right' },
  { label: 'Features', className: 'hidden lg:table-cell' },
  { label: '', className: 'text-right' },
] as const;

/** The Plans tab of /all-user: every plan by kind, with Add plan and Edit (plans.manage). */
export function PlansTab() {
  const query = useQuery(adminPlansQuery);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">
          Signal plans, trading packages and loan plans. Purchases keep the terms they were bought with.
        </p>
        <Button onClick={() => setEditing('new')}>Add plan</Button>
      </div>
      {query.isPending ? (
        <LoadingState>Loading the plans…</LoadingState>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The plans could not be loaded.</LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No plans yet." />
      ) : (
        PLAN_KINDS.map((kind) => {
          const plans = query.data.items.filter((plan) => plan.kind === kind);
          if (plans.length === 0) return null;
          return (
            <section key={kind} aria-label={PLAN_KIND_LABELS[kind]} className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-800">{PLAN_KIND_LABELS[kind]}</h3>
              <DataTable columns={COLUMNS} scroll>
                {plans.map((plan) => (
                  <tr key={plan.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {plan.name}
                      {/* On a phone the status stands under the name, so the Edit button fits. */}
                      <span className="mt-1 block sm:hidden">
                        <OnSaleBadge onSale={plan.onSale} />
                      </span>
                    </td>
                    <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{kind}</td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {plan.price === null ? '—' : formatUsdDecimal(plan.price)}
                    </td>
                    <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 sm:table-cell">
                      {formatDuration(plan.durationDays)}
                    </td>
                    <td className="hidden px-4 py-3 sm:table-cell">
                      <OnSaleBadge onSale={plan.onSale} />
                    </td>
                    <td className="hidden px-4 py-3 text-right tabular-nums md:table-cell">{plan.rank}</td>
                    <td className="hidden max-w-md px-4 py-3 text-xs text-slate-600 lg:table-cell">
                      {summarizeFeatures(plan.features)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5"
                        aria-label={`Edit ${plan.name}`}
                        onClick={() => setEditing(plan)}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </section>
          );
        })
      )}
      {editing !== null ? (
        <PlanFormDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

function OnSaleBadge({ onSale }: { onSale: boolean }) {
  return <StatusBadge className="whitespace-nowrap" label={onSale ? 'On sale' : 'Not on sale'} />;
}
