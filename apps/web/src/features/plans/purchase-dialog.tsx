import { PLAN_MESSAGES, type Plan, type PlanPurchase, PlanPurchaseSchema } from '@candor/contracts/plans';
import { formatUsd } from '@candor/domain/money/money';
import { computePlanExpiry } from '@candor/domain/plans/plan-period';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { apiRequest, isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { describeFeatures, formatDay, formatDuration, PLAN_KIND_SINGULAR } from './plan-format.ts';

/**
 * The confirmation of a purchase: the price, the duration and the terms; for a replacement, the
 * plan it replaces and the credit rule. Confirming buys with an Idempotency-Key, at the price shown.
 */
export function PurchaseDialog({
  plan,
  replaces,
  credit,
  onClose,
}: {
  plan: Plan;
  replaces: PlanPurchase | undefined;
  credit: bigint;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const price = plan.price ?? '0.00';
  const purchase = useIdempotentMutation({
    mutationFn: (expectedPrice: string, idempotencyKey) =>
      apiRequest(`/api/plans/${plan.id}/purchase`, PlanPurchaseSchema, {
        method: 'POST',
        body: { expectedPrice },
        idempotencyKey,
      }),
    onSuccess: (bought) => {
      notify.success(PLAN_MESSAGES.purchased(bought.name));
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      onClose();
    },
    onError: (error) => {
      // A price edited meanwhile: back to the refreshed catalogue, where the customer reviews it again.
      if (isApiError(error, 'CONFLICT')) {
        notify.error(error.message);
        void queryClient.invalidateQueries({ queryKey: queryKeys.plans(plan.kind) });
        onClose();
      }
    },
  });
  const busy = purchase.isPending;

  return (
    <Dialog title={`Buy ${plan.name}`} busy={busy} onCancel={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          purchase.mutate(price);
        }}
      >
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Price</dt>
            <dd className="text-base font-semibold text-slate-900 tabular-nums">{formatUsdDecimal(price)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Duration</dt>
            <dd className="text-base font-semibold text-slate-900">{formatDuration(plan.durationDays)}</dd>
          </div>
        </dl>
        <div>
          <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Terms</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {describeFeatures(plan.features).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {plan.description ? <p className="mt-2 text-sm text-slate-500">{plan.description}</p> : null}
        </div>
        {replaces === undefined ? null : replaces.expiresAt === null ? (
          <LosesPlanWithNoEndDate plan={plan} replaces={replaces} />
        ) : (
          <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            <p>
              This replaces your {replaces.name} plan (active until {formatDay(replaces.expiresAt)}).
            </p>
            <p className="mt-1">
              The unused days of {replaces.name} are credited to your balance, pro rata by the time left and
              rounded down to the cent: about {formatUsd(credit)} now.
            </p>
          </div>
        )}
        <p className="text-sm text-slate-600">
          {formatUsdDecimal(price)} is debited from your available cash. A plan gives access to tools and
          trading terms; it does not promise any return.
        </p>
        {purchase.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {errorMessage(purchase.error)}
          </p>
        ) : null}
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          confirmLabel="Confirm purchase"
          busyLabel="Buying…"
          variant="primary"
        />
      </form>
    </Dialog>
  );
}

/**
 * Replacing a plan with no end date: it ends now for good, and nothing is credited (it has no unused
 * days to credit). Said plainly, with when the new plan ends, since after that the account has no
 * plan of the kind at all.
 */
function LosesPlanWithNoEndDate({ plan, replaces }: { plan: Plan; replaces: PlanPurchase }) {
  const endsAt = computePlanExpiry(new Date(), plan.durationDays);
  const kind = PLAN_KIND_SINGULAR[replaces.kind].toLowerCase();
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">This replaces your {replaces.name} plan (no end date).</p>
      <p className="mt-1">
        {replaces.name} ends now, for good: it has no end date, so it has no unused days and nothing is
        credited to your balance.
      </p>
      {endsAt === null ? null : (
        <p className="mt-1">
          {plan.name} lasts {formatDuration(plan.durationDays)}, until {formatDay(endsAt.toISOString())}.
          After that you will have no {kind} unless you buy one again.
        </p>
      )}
    </div>
  );
}
