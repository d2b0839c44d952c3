/** A rating alert fires when the rating rises above its threshold, or falls below it. */
export const RATING_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type RatingAlertDirection = (typeof RATING_ALERT_DIRECTIONS)[number];

/** The thresholds an alert may watch: a rating (0–100) can cross each of them both ways. */
export const MIN_ALERT_THRESHOLD = 1;
export const MAX_ALERT_THRESHOLD = 99;

/**
 * Whether a rating crossed an alert's threshold between two readings. "above" fires when the
 * previous reading was at or below the threshold and the current one is above it; "below" the other
 * way round. Without a previous reading (the first evaluation) nothing fires: the reading is only
 * recorded. Staying on the far side fires nothing, so an alert fires once per crossing.
 */
export function crossesThreshold(
  previous: number | null,
  current: number,
  threshold: number,
  direction: RatingAlertDirection,
): boolean {
  if (previous === null) return false;
  return direction === 'above'
    ? previous <= threshold && current > threshold
    : previous >= threshold && current < threshold;
}
