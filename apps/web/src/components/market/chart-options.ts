import {
  type CandlestickSeriesPartialOptions,
  type ChartOptions,
  ColorType,
  CrosshairMode,
  type DeepPartial,
  TickMarkType,
  type Time,
} from 'lightweight-charts';
import { formatPriceNumber } from '../../lib/format-price.ts';
import { formatUtcHourMinute, formatUtcWeekdayDateTime, usMonthShort } from '../../lib/utc-format.ts';

export const UP_COLOR = '#16a34a';
export const DOWN_COLOR = '#dc2626';

/**
 * The crosshair's time label, "Wed 04 Mar '26 14:00 UTC": candle times are Unix seconds in UTC,
 * and the label says so.
 */
export function formatChartTime(time: Time): string {
  if (typeof time !== 'number') return String(time);
  return `${formatUtcWeekdayDateTime(new Date(time * 1000))} UTC`;
}

/**
 * The time axis's labels, as the library writes them for an English reader ("2026", "Sep", "4",
 * "14:00"), in UTC, without Intl (see lib/utc-format.ts). A time that is not Unix seconds is left
 * to the library.
 */
export function formatTickMark(time: Time, type: TickMarkType): string | null {
  if (typeof time !== 'number') return null;
  const date = new Date(time * 1000);
  switch (type) {
    case TickMarkType.Year:
      return String(date.getUTCFullYear());
    case TickMarkType.Month:
      return usMonthShort(date.getUTCMonth());
    case TickMarkType.DayOfMonth:
      return String(date.getUTCDate());
    case TickMarkType.Time:
      return formatUtcHourMinute(date);
    case TickMarkType.TimeWithSeconds:
      return `${formatUtcHourMinute(date)}:${String(date.getUTCSeconds()).padStart(2, '0')}`;
  }
}

/**
 * Light theme, UTC time axis (lightweight-charts reads UTCTimestamp values as UTC), no volume.
 * The TradingView attribution logo stays on, as the library's licence asks (see its NOTICE).
 */
export const CHART_OPTIONS: DeepPartial<ChartOptions> = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: '#ffffff' },
    textColor: '#475569',
    fontSize: 11,
    fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    attributionLogo: true,
  },
  grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
  // entireTextOnly: a price label at the top or bottom edge is drawn whole or not at all, never cut.
  rightPriceScale: {
    borderColor: '#e2e8f0',
    scaleMargins: { top: 0.12, bottom: 0.08 },
    entireTextOnly: true,
  },
  timeScale: {
    borderColor: '#e2e8f0',
    timeVisible: true,
    secondsVisible: false,
    rightOffset: 3,
    tickMarkFormatter: formatTickMark,
  },
  crosshair: {
    mode: CrosshairMode.Normal,
    vertLine: { color: '#94a3b8', labelBackgroundColor: '#0f172a' },
    horzLine: { color: '#94a3b8', labelBackgroundColor: '#0f172a' },
  },
  localization: { timeFormatter: formatChartTime },
};

export const SERIES_OPTIONS: CandlestickSeriesPartialOptions = {
  upColor: UP_COLOR,
  downColor: DOWN_COLOR,
  borderVisible: false,
  wickUpColor: UP_COLOR,
  wickDownColor: DOWN_COLOR,
};

/** Price axis and labels with the instrument's decimals. */
export function buildPriceFormat(precision: number) {
  return { type: 'price', precision, minMove: 1 / 10 ** precision } as const;
}

/** The axis writes prices as the rest of the page does: "121,317.60" (as en-US would, without Intl). */
export function buildPriceFormatter(precision: number): (price: number) => string {
  return (price) => formatPriceNumber(price, precision);
}

/**
 * The chart draws on canvases laid out in a table: a layout table, not data, so screen readers
 * should not announce it as one. Not aria-hidden: the library puts its attribution link (focusable,
 * named "Charting by TradingView") inside that table, and a focusable element must not be hidden
 * (axe: aria-hidden-focus). The canvases themselves have no content for screen readers.
 */
export function markChartLayoutTable(container: HTMLElement): void {
  for (const table of container.querySelectorAll('table')) table.setAttribute('role', 'presentation');
}
