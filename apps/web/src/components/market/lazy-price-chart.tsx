import { type ComponentProps, lazy, Suspense } from 'react';
import type { PriceChart as EagerPriceChart } from './price-chart.tsx';

// The chart library is a page's largest piece: it loads beside the candles, not before the page.
const PriceChart = lazy(() => import('./price-chart.tsx').then((module) => ({ default: module.PriceChart })));

/** The price chart, loaded on first use; until then a pulsing box of its height stands in. */
export function LazyPriceChart(props: ComponentProps<typeof EagerPriceChart> & { height: number }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-label="Loading chart"
          className="animate-pulse rounded-lg border border-slate-200 bg-slate-50"
          style={{ height: props.height }}
        />
      }
    >
      <PriceChart {...props} />
    </Suspense>
  );
}
