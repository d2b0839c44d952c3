import type { Candle, CandleInterval, CandlesResponse, Quote } from '@candor/contracts/market';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { candlesQuery, useInstrument } from '../../lib/market-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { drawCandles } from './candle-series.ts';
import { ChartLegend } from './chart-legend.tsx';
import {
  buildPriceFormat,
  buildPriceFormatter,
  CHART_OPTIONS,
  markChartLayoutTable,
  SERIES_OPTIONS,
} from './chart-options.ts';
import { mergeQuoteIntoCandles } from './merge-quote-into-candles.ts';

type Props = {
  symbol: string;
  interval?: CandleInterval;
  /** Height in pixels; the width follows the container. */
  height?: number;
  /** The instrument's latest quote (from usePriceStream): it moves the last candle. */
  liveQuote?: Quote;
};

type Drawing = { chart: IChartApi; series: ISeriesApi<'Candlestick'> };

/**
 * A candlestick chart of one instrument, drawn from our own candles (light theme, UTC, no
 * volume). Reusable on any page: give it a symbol, and a live quote to keep it moving.
 * Test hooks on the wrapper: data-symbol, data-candle-count and data-last-close describe what
 * the series actually holds.
 */
export function PriceChart({ symbol, interval = '1h', height = 420, liveQuote }: Props) {
  const queryClient = useQueryClient();
  const query = useQuery(candlesQuery(symbol, interval));
  const precision = useInstrument(symbol)?.pricePrecision;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const drawingRef = useRef<Drawing | null>(null);
  /** What the series holds, and for which symbol and interval. */
  const drawnRef = useRef<{ key: string; candles: readonly Candle[] } | null>(null);
  const [hoveredTime, setHoveredTime] = useState<number | null>(null);
  const candles = query.data?.candles;
  const hasCandles = candles !== undefined;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, CHART_OPTIONS);
    markChartLayoutTable(container);
    const series = chart.addSeries(CandlestickSeries, SERIES_OPTIONS);
    const hover = (event: MouseEventParams) =>
      setHoveredTime(typeof event.time === 'number' ? event.time : null);
    chart.subscribeCrosshairMove(hover);
    drawingRef.current = { chart, series };
    return () => {
      chart.unsubscribeCrosshairMove(hover);
      chart.remove();
      drawingRef.current = null;
      drawnRef.current = null;
    };
  }, []);

  useEffect(() => {
    const drawing = drawingRef.current;
    if (precision === undefined || !drawing) return;
    drawing.series.applyOptions({ priceFormat: buildPriceFormat(precision) });
    drawing.chart.applyOptions({ localization: { priceFormatter: buildPriceFormatter(precision) } });
  }, [precision]);

  // Draw what the cache holds for this symbol; a new symbol starts from an empty chart.
  useEffect(() => {
    const drawing = drawingRef.current;
    const wrapper = wrapperRef.current;
    if (!drawing || !wrapper) return;
    const key = `${symbol}:${interval}`;
    const next = candles ?? [];
    const drawn = drawnRef.current?.key === key ? drawnRef.current.candles : null;
    drawCandles(drawing.chart, drawing.series, drawn, next);
    drawnRef.current = candles ? { key, candles: next } : null;
    wrapper.dataset.candleCount = String(drawing.series.data().length);
    wrapper.dataset.lastClose = next.at(-1)?.close ?? '';
  }, [candles, symbol, interval]);

  // Fold each live quote into the cached candles; the effect above draws the change.
  useEffect(() => {
    if (!liveQuote || liveQuote.symbol !== symbol || !hasCandles) return;
    queryClient.setQueryData<CandlesResponse>(queryKeys.candles(symbol, interval), (old) => {
      if (!old) return old;
      const merged = mergeQuoteIntoCandles(old.candles, liveQuote, interval);
      return merged === old.candles ? old : { ...old, candles: [...merged] };
    });
  }, [liveQuote, symbol, interval, hasCandles, queryClient]);

  const shown =
    (hoveredTime === null ? undefined : candles?.find((c) => c.time === hoveredTime)) ?? candles?.at(-1);
  return (
    <div
      ref={wrapperRef}
      data-testid="price-chart"
      data-symbol={symbol}
      className="relative w-full overflow-hidden rounded-lg border border-slate-200 bg-white"
      style={{ height }}
    >
      <ChartLegend title={`${symbol} · ${interval.toUpperCase()} · UTC`} candle={shown} />
      <div ref={containerRef} className="absolute inset-0" />
      {query.isPending ? (
        <div
          role="status"
          className="absolute inset-0 z-20 flex items-center justify-center gap-2 bg-white/70 text-sm text-slate-500"
        >
          <Spinner className="h-5 w-5 text-brand-600" />
          Loading chart…
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-white text-sm text-slate-600"
        >
          The chart could not be loaded.
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : candles?.length === 0 ? (
        <div className="absolute inset-0 z-20 flex items-center justify-center text-sm text-slate-500">
          No prices for {symbol} yet.
        </div>
      ) : null}
    </div>
  );
}
