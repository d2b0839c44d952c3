import type { PriceSourceId } from '@candor/contracts/market';

/** PRODUCT.md §1: every page that shows the simulated market's prices says so. */
export function SimulatedBadge({ sources }: { sources: readonly (PriceSourceId | undefined)[] }) {
  if (!sources.includes('simulated')) return null;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200"
      title="These prices come from Candor's built-in simulated market, not from a live exchange."
      data-testid="simulated-badge"
    >
      <span className="h-1.5 w-1.5 rounded-full bg-amber-500" aria-hidden="true" />
      Simulated prices
    </span>
  );
}
