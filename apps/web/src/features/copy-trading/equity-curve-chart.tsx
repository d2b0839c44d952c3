import type { ProviderStatistics } from '@candor/contracts/copy-trading';
import { AreaSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import {
  buildPriceFormatter,
  CHART_OPTIONS,
  markChartLayoutTable,
} from '../../components/market/chart-options.ts';

const usd = buildPriceFormatter(2);

/**
 * The provider's equity curve: settled equity at the end of each day, then equity now (an area
 * series, light theme, UTC, like the app's price charts).
 */
export function EquityCurveChart({
  points,
  height = 240,
}: {
  points: ProviderStatistics['equityCurve'];
  height?: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, {
      ...CHART_OPTIONS,
      timeScale: { ...CHART_OPTIONS.timeScale, timeVisible: false },
      localization: { ...CHART_OPTIONS.localization, priceFormatter: (price: number) => `$${usd(price)}` },
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: '#059669',
      topColor: 'rgba(16, 185, 129, 0.28)',
      bottomColor: 'rgba(16, 185, 129, 0.02)',
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    markChartLayoutTable(container);
    let last = -1;
    const data = points.flatMap((point) => {
      const time = Math.floor(new Date(point.at).getTime() / 1000);
      if (time <= last) return [];
      last = time;
      return [{ time: time as UTCTimestamp, value: Number(point.equity) }];
    });
    series.setData(data);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points]);
  return (
    <div
      data-testid="equity-curve"
      data-point-count={points.length}
      className="relative w-full overflow-hidden rounded-lg border border-slate-200 bg-white"
      style={{ height }}
    >
      <div ref={containerRef} className="absolute inset-0" />
    </div>
  );
}
