import { type ComponentProps, lazy, Suspense } from 'react';
import type { PriceChart as EagerPriceChart } from './price-chart.tsx';

// The chart library is a page's largest piece: it loads beside the candles, not before the page.
const PriceChart = lazy(() => import('./price-chart.tsx').then((module) => ({ default: module.PriceChart })));

/** A pulsing box of the chart's height, while the chart (or what it should show) is not known yet. */
export function ChartPlaceholder({ height }: { height: number }) {
  return (
    <div
      role="status"
      aria-label="Loading chart"
      className="animate-pulse rounded-lg border border-slate-200 bg-slate-50"
      style={{ height }}
    />
  );
}

/** The price chart, loaded on first use; until then a pulsing box of its height stands in. */
export function LazyPriceChart(props: ComponentProps<typeof EagerPriceChart> & { height: number }) {
  return (
    <Suspense fallback={<ChartPlaceholder height={props.height} />}>
      <PriceChart {...props} />
    </Suspense>
  );
}
