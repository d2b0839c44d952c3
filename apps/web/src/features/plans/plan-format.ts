import {
  PLAN_KIND_LABELS,
  type PlanFeatures,
  type PlanKind,
  SIGNAL_INTERVAL_LABELS,
} from '@candor/contracts/plans';
import { SIGNAL_INTERVALS } from '@candor/domain/plans/plan-kinds';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A day as people read it: "Dec 25, 2026" (the reader's time zone). */
export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}

/** "30 days", "1 day", or "No end date". */
export function formatDuration(durationDays: number | null): string {
  if (durationDays === null) return 'No end date';
  return durationDays === 1 ? '1 day' : `${durationDays} days`;
}

/** The intervals in their natural order, written out: "1 hour, 4 hours, 1 day". */
export function formatIntervals(intervals: readonly string[]): string {
  return SIGNAL_INTERVALS.filter((interval) => intervals.includes(interval))
    .map((interval) => SIGNAL_INTERVAL_LABELS[interval])
    .join(', ');
}

/** What a plan does, one line a feature, written out from its structured terms (never a return). */
export function describeFeatures(features: PlanFeatures): string[] {
  switch (features.kind) {
    case 'signal':
      return [
        features.instrumentCount === null
          ? 'Ratings of every instrument'
          : `Ratings of ${features.instrumentCount} ${features.instrumentCount === 1 ? 'instrument' : 'instruments'}`,
        `Intervals: ${formatIntervals(features.intervals)}`,
        ...(features.alerts ? ['Rating alerts in the app and by e-mail'] : []),
      ];
    case 'trading':
      return [
        `Spread ${features.forexSpreadPips} pips on forex, ${features.otherSpreadPercent}% on crypto and stocks`,
        `Leverage up to 1:${features.maxLeverage}`,
      ];
    case 'loan':
      return [
        `Loan of ${formatUsdDecimal(features.amount)}`,
        `Interest ${features.annualInterestPercent}% a year`,
        `Requires a portfolio of ${formatUsdDecimal(features.minimumPortfolio)}`,
      ];
  }
}

/** A one-line summary of the features, for tables. */
export function summarizeFeatures(features: PlanFeatures): string {
  return describeFeatures(features).join(' · ');
}

/** "Signal plan", "Trading package", "Loan plan". */
export const PLAN_KIND_SINGULAR = {
  signal: 'Signal plan',
  trading: 'Trading package',
  loan: 'Loan plan',
} as const satisfies Record<PlanKind, string>;

export { PLAN_KIND_LABELS };
