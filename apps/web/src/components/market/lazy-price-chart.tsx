import { type ComponentProps, lazy, type Ref, Suspense, useRef } from 'react';
import { useSeenOnScreen } from '../../lib/use-seen-on-screen.ts';
import type { PriceChart as EagerPriceChart } from './price-chart.tsx';

// The chart library is a page's largest piece: it loads beside the candles, not before the page.
const PriceChart = lazy(() => import('./price-chart.tsx').then((module) => ({ default: module.PriceChart })));

/** A pulsing box of the chart's height, while the chart (or what it should show) is not known yet. */
export function ChartPlaceholder({ height, ref }: { height: number; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      role="status"
      aria-label="Loading chart"
      className="animate-pulse rounded-lg border border-slate-200 bg-slate-50"
      style={{ height }}
    />
  );
}

/**
 * The price chart, loaded and made when it first comes into view (below a phone's first screen,
 * the dashboard's chart waits for a scroll); until then a pulsing box of its height stands in.
 */
export function LazyPriceChart(props: ComponentProps<typeof EagerPriceChart> & { height: number }) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const seen = useSeenOnScreen(placeholderRef);
  if (!seen) return <ChartPlaceholder ref={placeholderRef} height={props.height} />;
  return (
    <Suspense fallback={<ChartPlaceholder height={props.height} />}>
      <PriceChart {...props} />
    </Suspense>
  );
}
