import {
  MAX_ALERT_THRESHOLD,
  MIN_ALERT_THRESHOLD,
  RATING_ALERT_DIRECTIONS,
} from '@candor/domain/signals/rating-alert';
import { z } from 'zod';
import { InstrumentClassSchema, SignalDirectionSchema } from './market.ts';
import { SignalIntervalSchema } from './plans.ts';

/**
 * The signals list a signal plan unlocks (/signal, issue 13 item 2): computed ratings (the same
 * indicators as the charted instrument's signal strength) of the plan's number of instruments on
 * its intervals, and rating alerts where the plan includes them. Ratings are computed from closed
 * candles; nothing raises one.
 */
/** Without an interval, the plan's first one. */
export const SignalListQuerySchema = z.object({ interval: SignalIntervalSchema.optional() });

/** At most this many alerts per customer. */
export const MAX_SIGNAL_ALERTS = 20;

export const SignalPlanSummarySchema = z
  .object({
    name: z.string(),
    /** How many instruments the list rates; null = every instrument. */
    instrumentCount: z.number().int().nullable(),
    intervals: z.array(SignalIntervalSchema),
    alerts: z.boolean(),
    /** When the plan stops giving its features; null = no end. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'SignalPlanSummary' });
export type SignalPlanSummary = z.infer<typeof SignalPlanSummarySchema>;

export const SignalListItemSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    class: InstrumentClassSchema,
    /** 0 = every indicator says sell, 100 = every indicator says buy; null while there is too little history. */
    rating: z.number().int().min(0).max(100).nullable(),
    direction: SignalDirectionSchema.nullable(),
    /** Unix seconds: start of the last closed candle the rating used; null without a rating. */
    candleTime: z.number().int().nullable(),
    /** Unix seconds: when that candle closed (the rating's time); null without a rating. */
    computedAt: z.number().int().nullable(),
  })
  .meta({ id: 'SignalListItem' });
export type SignalListItem = z.infer<typeof SignalListItemSchema>;

export const SignalListSchema = z
  .object({
    plan: SignalPlanSummarySchema,
    interval: SignalIntervalSchema,
    /** True when the customer chose the instruments; false when the list is the default one. */
    chosen: z.boolean(),
    items: z.array(SignalListItemSchema),
  })
  .meta({ id: 'SignalList' });
export type SignalList = z.infer<typeof SignalListSchema>;

/** The customer's own choice of instruments (at most the plan's count); an empty list goes back to the default. */
export const SaveSignalInstrumentsRequestSchema = z.object({
  symbols: z
    .array(z.string().trim().min(1).max(20))
    .max(1000)
    .refine(
      (list) => new Set(list.map((s) => s.toUpperCase())).size === list.length,
      'An instrument is listed twice',
    ),
});
export type SaveSignalInstrumentsRequest = z.infer<typeof SaveSignalInstrumentsRequestSchema>;

export const SignalInstrumentsSchema = z
  .object({ symbols: z.array(z.string()), chosen: z.boolean() })
  .meta({ id: 'SignalInstruments' });
export type SignalInstruments = z.infer<typeof SignalInstrumentsSchema>;

export const RatingAlertDirectionSchema = z.enum(RATING_ALERT_DIRECTIONS);
export type RatingAlertDirection = z.infer<typeof RatingAlertDirectionSchema>;

export const RATING_ALERT_DIRECTION_LABELS = {
  above: 'rises above',
  below: 'falls below',
} as const satisfies Record<RatingAlertDirection, string>;

export const CreateSignalAlertRequestSchema = z.object({
  symbol: z.string().trim().min(1).max(20),
  interval: SignalIntervalSchema,
  threshold: z.number().int().min(MIN_ALERT_THRESHOLD).max(MAX_ALERT_THRESHOLD),
  direction: RatingAlertDirectionSchema,
});
export type CreateSignalAlertRequest = z.infer<typeof CreateSignalAlertRequestSchema>;

export const SignalAlertSchema = z
  .object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    interval: SignalIntervalSchema,
    threshold: z.number().int(),
    direction: RatingAlertDirectionSchema,
    /** The rating seen at the last evaluation (null before the first). */
    lastRating: z.number().int().nullable(),
    /** When that rating was computed (ISO); null before the first evaluation. */
    lastRatedAt: z.string().nullable(),
    /** When the customer was last told the rating crossed the threshold (ISO); null = never. */
    lastNotifiedAt: z.string().nullable(),
    /** Why the job skips this alert (its instrument left the list, its interval is not in the plan); null = watched. */
    pausedReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SignalAlert' });
export type SignalAlert = z.infer<typeof SignalAlertSchema>;

export const SignalAlertListSchema = z
  .object({
    /** Whether alerts are evaluated now: an active signal plan that includes alerts. */
    enabled: z.boolean(),
    /** Why they are not (no plan, plan without alerts, plan expired); null when enabled. */
    reason: z.string().nullable(),
    max: z.number().int(),
    items: z.array(SignalAlertSchema),
  })
  .meta({ id: 'SignalAlertList' });
export type SignalAlertList = z.infer<typeof SignalAlertListSchema>;

/** The day a signal plan ended, as its messages name it: "25 December 2026" (UTC). */
export function formatSignalPlanDay(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const SIGNAL_MESSAGES = {
  noPlan: 'A signal plan unlocks the signals list: computed ratings for more instruments.',
  planExpired: (name: string, date: string) =>
    `Your ${name} signal plan expired on ${date}. A signal plan unlocks the signals list again.`,
  intervalNotInPlan: (name: string, intervals: readonly string[]) =>
    `Your ${name} plan rates instruments on ${intervals.join(', ')} candles only.`,
  tooManyInstruments: (count: number) =>
    `Your plan rates up to ${count} instruments: choose at most ${count}.`,
  alertsNotInPlan: 'Your signal plan does not include rating alerts. A plan with alerts unlocks them.',
  alertsPlanExpired: (name: string, date: string) =>
    `Your ${name} signal plan expired on ${date}: alerts are paused.`,
  alertsNoPlan: 'A signal plan with alerts unlocks rating alerts.',
  instrumentNotInList: (symbol: string) =>
    `${symbol} is not in your signals list. Add it to your instruments first.`,
  alertInstrumentLeftList: 'Paused: this instrument is no longer in your signals list.',
  alertIntervalNotInPlan: 'Paused: your plan does not rate this interval.',
  tooManyAlerts: `You can keep at most ${MAX_SIGNAL_ALERTS} alerts. Delete one to add another.`,
} as const;
