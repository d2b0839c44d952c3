import { asDecimalAmount } from '@candor/contracts/money';
import {
  type Plan,
  type PlanFeatures,
  type PlanKind,
  type SavePlanRequest,
  SavePlanRequestSchema,
  SIGNAL_INTERVAL_LABELS,
} from '@candor/contracts/plans';
import { PLAN_KINDS, SIGNAL_INTERVALS } from '@candor/domain/plans/plan-kinds';
import { findReturnPromise } from '@candor/domain/plans/return-promise';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type FieldError, get } from 'react-hook-form';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { FieldMessage } from '../../components/ui/field-message.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { PLAN_KIND_SINGULAR } from './plan-format.ts';
import { savePlan } from './plans-admin-api.ts';

/**
 * What a new plan's "What it gives" starts with. A loan plan's figures start empty: a pre-filled
 * amount lent, once left unchanged, quietly made a $1,000,000 loan plan; each figure is asked for.
 */
const DEFAULT_FEATURES = {
  signal: { kind: 'signal', instrumentCount: 10, intervals: ['1h'], alerts: false },
  trading: { kind: 'trading', maxLeverage: 500, forexSpreadPips: '1.2', otherSpreadPercent: '0.12' },
  loan: { kind: 'loan', amount: '', annualInterestPercent: '', minimumPortfolio: '' },
} as const satisfies Record<PlanKind, PlanFeatures>;

function defaultsFor(kind: PlanKind): SavePlanRequest {
  return {
    kind,
    name: '',
    description: '',
    price: kind === 'loan' ? null : '',
    durationDays: 30,
    onSale: true,
    rank: 10,
    features: structuredClone(DEFAULT_FEATURES[kind]) as PlanFeatures,
  };
}

function toSave(plan: Plan): SavePlanRequest {
  const { id: _id, updatedAt: _updatedAt, ...rest } = plan;
  return rest;
}

/** "" → null, else a number (the form's number inputs; the schema says what is wrong). */
const asNumberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));
const asNumber = (value: unknown) => (value === '' ? Number.NaN : Number(value));

const checkboxClass = 'h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500';

/**
 * Add a plan (plan = null) or edit one: the common fields, then the fields of its kind. The kind is
 * chosen when adding and stays on edit. The server's refusal of a return promise shows under the
 * text that makes it (the name, checked first, or the description) until that text changes or the
 * form is submitted again; any other refusal shows under the form until the next submit.
 */
export function PlanFormDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const kindId = useId();
  const form = useZodForm(SavePlanRequestSchema, plan ? toSave(plan) : defaultsFor('signal'));
  const { register, handleSubmit, watch, reset, setValue, setError, formState } = form;
  const kind = watch('kind');
  const durationDays = watch('durationDays');
  const features = watch('features');
  const error = (name: string): string | undefined =>
    (get(formState.errors, name) as FieldError | undefined)?.message;

  const save = useMutation({
    mutationFn: (values: SavePlanRequest) => savePlan(plan?.id ?? null, values),
    onSuccess: (saved) => {
      notify.success(plan ? `${saved.name} is saved` : `${saved.name} is added`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPlans });
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
      onClose();
    },
    onError: (failure, values) => {
      if (!isApiError(failure, 'RETURN_PROMISE')) return;
      const field = findReturnPromise(values.name) !== undefined ? 'name' : 'description';
      setError(field, { type: 'server', message: failure.message }, { shouldFocus: true });
    },
  });
  const busy = save.isPending;
  // A return promise is said under its field (set above); anything else under the form.
  const failure = save.isError && !isApiError(save.error, 'RETURN_PROMISE') ? errorMessage(save.error) : null;
  const submit = handleSubmit((values) => save.mutate(values));

  return (
    <Dialog title={plan ? `Edit ${plan.name}` : 'Add plan'} busy={busy} onCancel={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          // The last refusal is stale once the plan is sent again, or stopped by the form's own checks.
          save.reset();
          void submit(event);
        }}
        className="mt-4"
      >
        <div className="-mx-1 max-h-[65vh] space-y-4 overflow-y-auto px-1 pb-1">
          <div>
            <label htmlFor={kindId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Kind
            </label>
            <select
              id={kindId}
              aria-describedby={plan ? `${kindId}-hint` : undefined}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm disabled:bg-slate-50 disabled:text-slate-500"
              value={kind}
              disabled={plan !== null}
              onChange={(event) => {
                const next = PLAN_KINDS.find((k) => k === event.target.value) ?? 'signal';
                const current = form.getValues();
                reset({ ...defaultsFor(next), name: current.name, description: current.description });
              }}
            >
              {PLAN_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PLAN_KIND_SINGULAR[k]}
                </option>
              ))}
            </select>
            {plan ? (
              <p id={`${kindId}-hint`} className="mt-1 text-xs text-slate-500">
                A plan's kind cannot change.
              </p>
            ) : null}
          </div>

          <TextField label="Name" {...register('name')} error={error('name')} />
          <TextAreaField
            label="Description"
            rows={3}
            hint="What the plan does. Texts promising a return are refused."
            {...register('description')}
            error={error('description')}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            {kind !== 'loan' ? (
              <TextField
                label="Price (USD)"
                inputMode="decimal"
                {...register('price', { setValueAs: asDecimalAmount })}
                error={error('price')}
              />
            ) : null}
            <div>
              <TextField
                label={kind === 'loan' ? 'Term (days)' : 'Duration (days)'}
                type="number"
                min={1}
                // Only "No end date" greys it out: a loan's term emptied to be typed again stays open.
                disabled={kind !== 'loan' && durationDays === null}
                {...register('durationDays', { setValueAs: asNumberOrNull })}
                error={error('durationDays')}
              />
              {kind !== 'loan' ? (
                <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={durationDays === null}
                    onChange={(event) =>
                      setValue('durationDays', event.target.checked ? null : 30, { shouldValidate: true })
                    }
                  />
                  No end date
                </label>
              ) : null}
            </div>
            <TextField
              label="Rank"
              type="number"
              hint="Higher ranks replace lower ones of the kind."
              {...register('rank', { setValueAs: asNumber })}
              error={error('rank')}
            />
            <label className="flex items-center gap-2 self-center text-sm font-medium text-slate-700">
              <input type="checkbox" className={checkboxClass} {...register('onSale')} />
              On sale
            </label>
          </div>

          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">What it gives</legend>
            {features.kind === 'signal' ? (
              <>
                <div>
                  <TextField
                    label="Number of instruments"
                    type="number"
                    min={1}
                    disabled={features.instrumentCount === null}
                    {...register('features.instrumentCount', { setValueAs: asNumberOrNull })}
                    error={error('features.instrumentCount')}
                  />
                  <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      checked={features.instrumentCount === null}
                      onChange={(event) =>
                        setValue('features.instrumentCount', event.target.checked ? null : 10, {
                          shouldValidate: true,
                        })
                      }
                    />
                    Every instrument
                  </label>
                </div>
                <div>
                  <p className="mb-1.5 text-sm font-medium text-slate-700">Intervals</p>
                  <div className="flex flex-wrap gap-4">
                    {SIGNAL_INTERVALS.map((interval) => (
                      <label key={interval} className="flex items-center gap-2 text-sm text-slate-700">
                        <input
                          type="checkbox"
                          className={checkboxClass}
                          value={interval}
                          {...register('features.intervals')}
                        />
                        {SIGNAL_INTERVAL_LABELS[interval]}
                      </label>
                    ))}
                  </div>
                  <FieldMessage id="plan-intervals-message" error={error('features.intervals')} />
                </div>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" className={checkboxClass} {...register('features.alerts')} />
                  Rating alerts in the app and by e-mail
                </label>
              </>
            ) : features.kind === 'trading' ? (
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField
                  label="Max leverage (1:x)"
                  type="number"
                  min={1}
                  {...register('features.maxLeverage', { setValueAs: asNumber })}
                  error={error('features.maxLeverage')}
                />
                <TextField
                  label="Forex spread (pips)"
                  inputMode="decimal"
                  {...register('features.forexSpreadPips')}
                  error={error('features.forexSpreadPips')}
                />
                <TextField
                  label="Crypto/stock spread (%)"
                  inputMode="decimal"
                  {...register('features.otherSpreadPercent')}
                  error={error('features.otherSpreadPercent')}
                />
              </div>
            ) : (
              // One a row: an amount up to $1,000,000,000.00 is read whole, at any width.
              <div className="space-y-4">
                <TextField
                  label="Amount (USD)"
                  inputMode="decimal"
                  {...register('features.amount', { setValueAs: asDecimalAmount })}
                  error={error('features.amount')}
                />
                <TextField
                  label="Annual interest (%)"
                  inputMode="decimal"
                  {...register('features.annualInterestPercent')}
                  error={error('features.annualInterestPercent')}
                />
                <TextField
                  label="Minimum portfolio (USD)"
                  inputMode="decimal"
                  {...register('features.minimumPortfolio', { setValueAs: asDecimalAmount })}
                  error={error('features.minimumPortfolio')}
                />
              </div>
            )}
          </fieldset>
          <FieldMessage id="plan-features-message" error={error('features')} />
        </div>

        {failure ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            {failure}
          </p>
        ) : null}
        <div className="mt-5">
          <DialogButtons
            busy={busy}
            onCancel={onClose}
            confirmLabel={plan ? 'Save plan' : 'Add plan'}
            busyLabel="Saving…"
            variant="primary"
          />
        </div>
      </form>
    </Dialog>
  );
}
