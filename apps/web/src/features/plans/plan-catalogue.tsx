import { toMinorUnits } from '@candor/contracts/money';
import {
  PLAN_KIND_LABELS,
  type Plan,
  type PlanPurchase,
  type PurchasablePlanKind,
} from '@candor/contracts/plans';
import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import { computeReplacementCredit } from '@candor/domain/plans/replacement-credit';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { balancesQuery } from '../../lib/balances-api.ts';
import { ownPlansQuery, plansQuery } from '../../lib/plans-api.ts';
import { useMe } from '../../lib/session.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { describeFeatures, formatDay, formatDuration } from './plan-format.ts';
import { PurchaseDialog } from './purchase-dialog.tsx';

export const PURCHASE_LABEL = 'PURCHASE PLAN';

/** What buying `plan` means for this account right now. */
export type PlanOffer =
  | { state: 'active'; purchase: PlanPurchase }
  | { state: 'lower'; active: PlanPurchase }
  | { state: 'buy'; replaces: PlanPurchase | undefined; credit: bigint; missing: bigint };

/** Until when a purchase gives its features, for people. */
export function activeUntilText(purchase: PlanPurchase): string {
  return purchase.expiresAt === null
    ? 'Active · no end date'
    : `Active until ${formatDay(purchase.expiresAt)}`;
}

/**
 * The offer of one plan: the active plan of the kind is shown as active; a plan of the same or a
 * lower rank cannot be bought while one is active; otherwise it can, replacing the active one (its
 * unused days credited, as the server computes them) and needing the price minus that credit.
 */
export function planOffer(
  plan: Plan,
  active: PlanPurchase | undefined,
  activeRank: number | undefined,
  availableCents: bigint,
  now: Date,
): PlanOffer {
  if (active && active.planId === plan.id) return { state: 'active', purchase: active };
  if (active && activeRank !== undefined && plan.rank <= activeRank) return { state: 'lower', active };
  const credit = active
    ? computeReplacementCredit({
        priceMinor: toMinorUnits(active.price),
        purchasedAt: new Date(active.purchasedAt),
        expiresAt: active.expiresAt === null ? null : new Date(active.expiresAt),
        replacedAt: now,
      })
    : 0n;
  const price = plan.price === null ? 0n : toMinorUnits(plan.price);
  const missing = price - credit - availableCents;
  return { state: 'buy', replaces: active, credit, missing: missing > 0n ? missing : 0n };
}

/**
 * The plans on sale of a kind (signal plans or trading packages) as cards in rank order, each with
 * what it does and PURCHASE PLAN: with enough available cash a confirmation, otherwise /deposit
 * with the missing amount.
 */
export function PlanCatalogue({ kind }: { kind: PurchasablePlanKind }) {
  const plans = useQuery(plansQuery(kind));
  const me = useMe();
  const isCustomer = me.role === 'client';
  const mine = useQuery({ ...ownPlansQuery, enabled: isCustomer });
  const balances = useQuery({ ...balancesQuery, enabled: isCustomer });
  const [buying, setBuying] = useState<{ plan: Plan; offer: PlanOffer & { state: 'buy' } } | null>(null);
  const navigate = useNavigate();

  if (plans.isPending || (isCustomer && (mine.isPending || balances.isPending))) {
    return <LoadingState>Loading {PLAN_KIND_LABELS[kind].toLowerCase()}…</LoadingState>;
  }
  if (plans.isError || mine.isError || balances.isError) {
    return (
      <LoadError
        onRetry={() => {
          void plans.refetch();
          if (isCustomer) {
            void mine.refetch();
            void balances.refetch();
          }
        }}
      >
        The {PLAN_KIND_LABELS[kind].toLowerCase()} could not be loaded.
      </LoadError>
    );
  }
  const items = [...plans.data.items].sort((a, b) => a.rank - b.rank);
  if (items.length === 0) {
    return <EmptyState title={`No ${PLAN_KIND_LABELS[kind].toLowerCase()} are on sale right now.`} />;
  }
  const active = mine.data?.active.find((purchase) => purchase.kind === kind);
  // The active purchase's rank: its plan's rank in the catalogue (a plan no longer on sale ranks below none).
  const activeRank = active
    ? (items.find((plan) => plan.id === active.planId)?.rank ?? Number.NEGATIVE_INFINITY)
    : undefined;
  const available = balances.data ? toMinorUnits(balances.data.available) : 0n;
  const now = new Date();
  const inactive = isCustomer && me.status !== 'active';

  return (
    <>
      {!isCustomer ? (
        <p className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">
          Plans are bought by customer accounts; staff see the catalogue only.
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((plan) => {
          const offer = isCustomer ? planOffer(plan, active, activeRank, available, now) : undefined;
          return (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                offer={offer}
                disabledReason={inactive ? 'Your account is inactive.' : undefined}
                onPurchase={(buy) => {
                  if (buy.missing > 0n) {
                    // As a number, the address reads ?amount=750&plan=… (a string that looks like a
                    // number would be quoted there); /deposit writes it back as "750.00".
                    void navigate({
                      to: '/deposit',
                      search: {
                        amount: Number(formatDecimal(buy.missing)),
                        plan: plan.name,
                      },
                    });
                  } else {
                    setBuying({ plan, offer: buy });
                  }
                }}
              />
            </li>
          );
        })}
      </ul>
      {buying ? (
        <PurchaseDialog
          plan={buying.plan}
          replaces={buying.offer.replaces}
          credit={buying.offer.credit}
          onClose={() => setBuying(null)}
        />
      ) : null}
    </>
  );
}

/** One plan's card: name, price, duration, what it does, its description, and what the account can do with it. */
export function PlanCard({
  plan,
  offer,
  disabledReason,
  onPurchase,
}: {
  plan: Plan;
  offer: PlanOffer | undefined;
  disabledReason?: string | undefined;
  onPurchase: (offer: PlanOffer & { state: 'buy' }) => void;
}) {
  const isActive = offer?.state === 'active';
  return (
    <article
      aria-label={plan.name}
      className={`flex h-full flex-col rounded-xl border bg-white p-5 shadow-sm sm:p-6 ${
        isActive ? 'border-brand-500 ring-2 ring-brand-500/20' : 'border-slate-200'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
        {isActive ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 ring-inset">
            Your plan
          </span>
        ) : null}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
          {plan.price === null ? '—' : formatUsdDecimal(plan.price)}
        </span>
        <span className="text-sm text-slate-500">{formatDuration(plan.durationDays)}</span>
      </p>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {describeFeatures(plan.features).map((line) => (
          <li key={line} className="flex gap-2">
            <svg
              className="mt-0.5 h-4 w-4 shrink-0 text-brand-600"
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
            >
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
            <span>{line}</span>
          </li>
        ))}
      </ul>
      {plan.description ? <p className="mt-4 text-sm text-slate-500">{plan.description}</p> : null}
      <div className="mt-auto pt-5">
        {offer === undefined ? null : offer.state === 'active' ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2.5 text-center text-sm font-semibold text-emerald-800">
            {activeUntilText(offer.purchase)}
          </p>
        ) : offer.state === 'lower' ? (
          <>
            <Button className="w-full" disabled aria-describedby={`why-${plan.id}`}>
              {PURCHASE_LABEL}
            </Button>
            <p id={`why-${plan.id}`} className="mt-2 text-xs text-slate-500">
              Your {offer.active.name} plan is{' '}
              {offer.active.expiresAt === null
                ? 'active with no end date'
                : `active until ${formatDay(offer.active.expiresAt)}`}
              ; only a higher plan can replace it.
            </p>
          </>
        ) : (
          <>
            <Button
              className="w-full"
              disabled={disabledReason !== undefined}
              onClick={() => onPurchase(offer)}
            >
              {PURCHASE_LABEL}
            </Button>
            {offer.replaces && !disabledReason ? (
              <p className="mt-2 text-xs text-slate-500">
                Replaces your {offer.replaces.name} plan;{' '}
                {offer.replaces.expiresAt === null
                  ? 'it has no end date, so nothing is credited.'
                  : `its unused days are credited to your balance (${formatUsd(offer.credit)} now).`}
              </p>
            ) : null}
            {disabledReason ? (
              <p className="mt-2 text-xs text-slate-500">{disabledReason}</p>
            ) : offer.missing > 0n ? (
              <p className="mt-2 text-xs text-slate-500">
                You need {formatUsd(offer.missing)} more available cash: PURCHASE PLAN opens a deposit.
              </p>
            ) : null}
          </>
        )}
      </div>
    </article>
  );
}
