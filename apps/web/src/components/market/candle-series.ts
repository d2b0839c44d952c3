import type { Candle } from '@candor/contracts/market';
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';

/** A candle as the chart draws it (the wire's exact decimals become numbers only for drawing). */
export function toChartBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: candle.time as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/** The same history, moved on by a live quote: the last candle changed or one was appended. */
export function isLiveStep(previous: readonly Candle[], next: readonly Candle[]): boolean {
  if (previous.length === 0 || next.length === 0) return false;
  if (previous[0]?.time !== next[0]?.time) return false;
  return next.length === previous.length || next.length === previous.length + 1;
}

/** Bars wide enough to read: on a narrow chart only the most recent candles are shown. */
const MIN_BAR_SPACING_PX = 6;

/**
 * Draws `next` on the series: a live step updates only the last bars; anything else (a new
 * symbol, a reload) replaces the data and frames the recent candles.
 */
export function drawCandles(
  chart: IChartApi,
  series: ISeriesApi<'Candlestick'>,
  previous: readonly Candle[] | null,
  next: readonly Candle[],
): void {
  if (previous && isLiveStep(previous, next)) {
    const start = Math.max(0, previous.length - 1);
    for (const candle of next.slice(start)) series.update(toChartBar(candle));
    return;
  }
  series.setData(next.map(toChartBar));
  const fits = Math.floor(chart.timeScale().width() / MIN_BAR_SPACING_PX);
  if (fits > 0 && next.length > fits) {
    chart.timeScale().setVisibleLogicalRange({ from: next.length - fits, to: next.length + 2 });
  } else {
    chart.timeScale().fitContent();
  }
}
