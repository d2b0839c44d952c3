import {
  MAX_SIGNAL_ALERTS,
  RATING_ALERT_DIRECTION_LABELS,
  type RatingAlertDirection,
  type SignalAlert,
  type SignalListItem,
} from '@candor/contracts/signals';
import type { SignalInterval } from '@candor/domain/plans/plan-kinds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-states.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSharedMutation } from '../../lib/use-shared-mutation.ts';
import { formatUtc } from './signal-styles.ts';
import { createSignalAlert, deleteSignalAlert, signalAlertsQuery } from './signals-api.ts';

const SELECT_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/**
 * Rating alerts (plans with alerts): the customer picks an instrument of their list, an interval of
 * the plan, a direction and a threshold, and is told in Messages and by e-mail when the rating
 * crosses it.
 */
export function AlertsPanel({
  instruments,
  intervals,
}: {
  instruments: readonly SignalListItem[];
  intervals: readonly SignalInterval[];
}) {
  const alerts = useQuery(signalAlertsQuery);
  const queryClient = useQueryClient();
  const ids = useId();
  const [symbol, setSymbol] = useState(instruments[0]?.symbol ?? '');
  const [interval, setInterval] = useState<SignalInterval>(intervals[0] ?? '1h');
  const [direction, setDirection] = useState<RatingAlertDirection>('above');
  const [threshold, setThreshold] = useState('60');
  // A double click submits twice before the busy button renders: the second press shares the first.
  const create = useSharedMutation({
    mutationFn: createSignalAlert,
    onSuccess: async (alert) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.signalAlerts });
      notify.success(
        `Alert set: ${alert.symbol} ${RATING_ALERT_DIRECTION_LABELS[alert.direction]} ${alert.threshold}%`,
      );
    },
    onError: (error) => notify.error(isApiError(error) ? error.message : 'The alert could not be set'),
  });
  const remove = useMutation({
    mutationFn: deleteSignalAlert,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.signalAlerts });
      notify.success('Alert deleted');
    },
    onError: (error) => notify.error(isApiError(error) ? error.message : 'The alert could not be deleted'),
  });
  const thresholdNumber = Number(threshold);
  const thresholdValid = /^\d{1,2}$/.test(threshold) && thresholdNumber >= 1 && thresholdNumber <= 99;
  const items = alerts.data?.items ?? [];
  const full = items.length >= MAX_SIGNAL_ALERTS;
  const chosenSymbol = instruments.some((item) => item.symbol === symbol) ? symbol : instruments[0]?.symbol;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!thresholdValid || !chosenSymbol) return;
    create.mutate({ symbol: chosenSymbol, interval, direction, threshold: thresholdNumber });
  };

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Rating alerts</h2>
        <p className="text-xs text-slate-500 tabular-nums">
          {items.length} of {MAX_SIGNAL_ALERTS}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-500">
        You are told in Messages and by e-mail when a rating crosses your threshold, once per crossing.
        Ratings are checked every minute and change when a candle closes.
      </p>
      {alerts.data && !alerts.data.enabled && alerts.data.reason ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          {alerts.data.reason}
        </p>
      ) : null}

      <form
        onSubmit={submit}
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-[1.4fr_0.8fr_1fr_0.7fr_auto] sm:items-end"
      >
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${ids}-symbol`} className="mb-1 block text-xs font-medium text-slate-600">
            Instrument
          </label>
          <select
            id={`${ids}-symbol`}
            className={SELECT_CLASS}
            value={chosenSymbol ?? ''}
            onChange={(event) => setSymbol(event.target.value)}
          >
            {instruments.map((item) => (
              <option key={item.symbol} value={item.symbol}>
                {item.symbol} — {item.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-interval`} className="mb-1 block text-xs font-medium text-slate-600">
            Candles
          </label>
          <select
            id={`${ids}-interval`}
            className={SELECT_CLASS}
            value={interval}
            onChange={(event) => setInterval(event.target.value as SignalInterval)}
          >
            {intervals.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-direction`} className="mb-1 block text-xs font-medium text-slate-600">
            When the rating
          </label>
          <select
            id={`${ids}-direction`}
            className={SELECT_CLASS}
            value={direction}
            onChange={(event) => setDirection(event.target.value === 'below' ? 'below' : 'above')}
          >
            <option value="above">{RATING_ALERT_DIRECTION_LABELS.above}</option>
            <option value="below">{RATING_ALERT_DIRECTION_LABELS.below}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-threshold`} className="mb-1 block text-xs font-medium text-slate-600">
            Threshold (%)
          </label>
          <input
            id={`${ids}-threshold`}
            inputMode="numeric"
            className={SELECT_CLASS}
            value={threshold}
            aria-invalid={!thresholdValid}
            aria-describedby={thresholdValid ? undefined : `${ids}-threshold-error`}
            onChange={(event) => setThreshold(event.target.value.trim())}
          />
        </div>
        <Button
          type="submit"
          className="col-span-2 sm:col-span-1"
          disabled={create.isPending || full || !thresholdValid}
        >
          {create.isPending ? 'Adding…' : 'Add alert'}
        </Button>
        {thresholdValid ? null : (
          <p id={`${ids}-threshold-error`} className="col-span-2 text-xs text-red-600 sm:col-span-5">
            Enter a whole number from 1 to 99.
          </p>
        )}
        {full ? (
          <p className="col-span-2 text-xs text-slate-500 sm:col-span-5">
            You keep {MAX_SIGNAL_ALERTS} alerts, the most there can be: delete one to add another.
          </p>
        ) : null}
      </form>

      <div className="mt-5">
        {alerts.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading alerts…
          </p>
        ) : alerts.isError ? (
          <LoadError onRetry={() => void alerts.refetch()}>The alerts could not be loaded.</LoadError>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
            No alerts yet.
          </p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label="Your alerts"
          >
            {items.map((alert) => (
              <AlertRow
                key={alert.id}
                alert={alert}
                busy={remove.isPending && remove.variables === alert.id}
                onDelete={() => remove.mutate(alert.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function AlertRow({ alert, busy, onDelete }: { alert: SignalAlert; busy: boolean; onDelete: () => void }) {
  const description = `${alert.symbol} ${alert.interval} ${RATING_ALERT_DIRECTION_LABELS[alert.direction]} ${alert.threshold}%`;
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {alert.symbol} <span className="font-normal text-slate-500">· {alert.interval} candles ·</span>{' '}
          {RATING_ALERT_DIRECTION_LABELS[alert.direction]} {alert.threshold}%
        </p>
        <p className="text-xs text-slate-500">
          Last rating: {alert.lastRating === null ? 'not checked yet' : `${alert.lastRating}%`}
          {' · '}
          Last notified: {alert.lastNotifiedAt ? formatUtc(new Date(alert.lastNotifiedAt)) : 'never'}
        </p>
        {alert.pausedReason ? (
          <p className="text-xs font-medium text-amber-700">{alert.pausedReason}</p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        className="self-start px-3 py-1.5 sm:self-auto"
        disabled={busy}
        aria-label={`Delete alert ${description}`}
        onClick={onDelete}
      >
        {busy ? 'Deleting…' : 'Delete'}
      </Button>
    </li>
  );
}
