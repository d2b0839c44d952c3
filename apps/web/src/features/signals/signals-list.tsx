import type { MyPlans } from '@candor/contracts/plans';
import { SIGNAL_INTERVAL_LABELS } from '@candor/contracts/plans';
import { formatSignalPlanDay, SIGNAL_MESSAGES, type SignalList } from '@candor/contracts/signals';
import type { SignalInterval } from '@candor/domain/plans/plan-kinds';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { isApiError } from '../../lib/api.ts';
import { ownPlansQuery } from '../../lib/plans-api.ts';
import { useMe } from '../../lib/session.ts';
import { AlertsPanel } from './alerts-panel.tsx';
import { InstrumentsPicker } from './instruments-picker.tsx';
import { formatUtc } from './signal-styles.ts';
import { signalsQuery } from './signals-api.ts';
import { SignalsTable } from './signals-table.tsx';

/** Where the signal plans stand on /signal (the plan cards' section carries this id). */
export const SIGNAL_PLANS_ANCHOR = 'signal-plans';

/**
 * The signals list a signal plan unlocks (issue 13 item 2): computed ratings of the plan's
 * instruments on its intervals, sortable, each opening its chart; the instruments picker; and the
 * rating alerts when the plan includes them. Without a plan: what a plan unlocks (and, when theirs
 * ended, when), and where the plans are. The list is asked for only with an active signal plan
 * (read from the account's plans, which the catalogue below reads too): never a refused request.
 */
export function SignalsList() {
  const isCustomer = useMe().role === 'client';
  const plans = useQuery({ ...ownPlansQuery, enabled: isCustomer });
  const hasPlan = plans.data?.active.some((purchase) => purchase.kind === 'signal') ?? false;

  return (
    <section aria-labelledby="signals-list-title" className="space-y-4">
      <div>
        <h2 id="signals-list-title" className="text-lg font-semibold text-slate-900">
          Signals list
        </h2>
        <p className="text-sm text-slate-500">
          Ratings computed from recent candles by the indicators of the signal strength (moving averages, RSI,
          MACD, stochastic). They describe past prices and are not advice.
        </p>
      </div>
      {!isCustomer ? (
        <LockedSignals message={SIGNAL_MESSAGES.noPlan} />
      ) : plans.isPending ? (
        <LoadingState>Computing ratings…</LoadingState>
      ) : plans.isError ? (
        <LoadError onRetry={() => void plans.refetch()}>The signals list could not be loaded.</LoadError>
      ) : hasPlan ? (
        <PlanSignals />
      ) : (
        <LockedSignals message={lockedMessage(plans.data)} />
      )}
    </section>
  );
}

/**
 * Why the list is locked, in the server's words (SIGNAL_MESSAGES): the signal plan that ended last
 * (expired, not replaced by another) and when, or that a plan unlocks it.
 */
function lockedMessage(plans: MyPlans): string {
  const ended = plans.past.find(
    (purchase) => purchase.kind === 'signal' && purchase.status === 'expired' && purchase.expiresAt,
  );
  if (!ended?.expiresAt) return SIGNAL_MESSAGES.noPlan;
  return SIGNAL_MESSAGES.planExpired(ended.name, formatSignalPlanDay(new Date(ended.expiresAt)));
}

/** The list of an active plan. A plan that ends while the page is open is refused (403): locked then. */
function PlanSignals() {
  const [interval, setInterval] = useState<SignalInterval | undefined>(undefined);
  const list = useQuery(signalsQuery(interval));
  if (list.isPending) return <LoadingState>Computing ratings…</LoadingState>;
  if (list.isError) {
    return isApiError(list.error, 'FORBIDDEN') ? (
      <LockedSignals message={list.error.message} />
    ) : (
      <LoadError onRetry={() => void list.refetch()}>The signals list could not be loaded.</LoadError>
    );
  }
  return <UnlockedSignals list={list.data} onInterval={setInterval} refreshing={list.isFetching} />;
}

function LockedSignals({ message }: { message: string }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
                clipRule="evenodd"
              />
            </svg>
          </span>
          <div>
            <p className="font-semibold text-slate-900">
              A signal plan unlocks computed ratings for more instruments
            </p>
            <p className="mt-1 text-sm text-slate-500">
              {message.includes('expired') ? `${message} ` : ''}
              With a plan you see ratings of up to every instrument on 1-hour, 4-hour or daily candles, sorted
              by rating, and, with some plans, alerts when a rating crosses your threshold.
            </p>
          </div>
        </div>
        <a
          href={`#${SIGNAL_PLANS_ANCHOR}`}
          className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          See the signal plans
        </a>
      </div>
      <div aria-hidden="true" className="border-t border-slate-100 bg-slate-50 px-5 py-4 sm:px-6">
        <div className="space-y-2 opacity-60 blur-[2px] select-none">
          {[72, 58, 41, 27].map((width) => (
            <div key={width} className="flex items-center gap-3">
              <div className="h-3 w-16 rounded bg-slate-300" />
              <div className="h-2 flex-1 rounded-full bg-slate-200">
                <div className="h-2 rounded-full bg-slate-400" style={{ width: `${width}%` }} />
              </div>
              <div className="h-3 w-12 rounded bg-slate-300" />
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}

function UnlockedSignals({
  list,
  onInterval,
  refreshing,
}: {
  list: SignalList;
  onInterval: (interval: SignalInterval) => void;
  refreshing: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const { plan } = list;
  const tabs = plan.intervals.map((id) => ({ id, label: SIGNAL_INTERVAL_LABELS[id] }));
  const count = plan.instrumentCount === null ? 'every instrument' : `${plan.instrumentCount} instruments`;
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-6">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{plan.name}</span> · rates {count} ·{' '}
              {plan.expiresAt ? `until ${formatUtc(new Date(plan.expiresAt))}` : 'no end date'}
            </p>
            <p className="text-xs text-slate-500">
              {list.chosen
                ? 'Your instruments.'
                : 'The default list: crypto, forex and stocks in turns, majors first.'}{' '}
              Ratings use closed {SIGNAL_INTERVAL_LABELS[list.interval]} candles.
              {refreshing ? ' Updating…' : ''}
            </p>
          </div>
          <Button variant="secondary" className="shrink-0" onClick={() => setEditing(true)}>
            Edit instruments
          </Button>
        </div>
        <Tabs label="Candle interval" tabs={tabs} selected={list.interval} onSelect={onInterval}>
          {list.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
              No instruments in your list. Choose some with Edit instruments.
            </p>
          ) : (
            <SignalsTable items={list.items} />
          )}
        </Tabs>
      </Card>
      {plan.alerts ? <AlertsPanel instruments={list.items} intervals={plan.intervals} /> : null}
      {editing ? (
        <InstrumentsPicker
          current={list.items.map((item) => item.symbol)}
          limit={plan.instrumentCount}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
