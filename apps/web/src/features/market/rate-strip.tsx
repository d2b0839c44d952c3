import type { Quote } from '@candor/contracts/market';
import { formatPrice } from '@candor/domain/money/decimal';
import { CHANGE_TONE_CLASS, formatChange } from '../../components/market/decimal.ts';

/** The instruments of the dashboard's compact rate widget. */
export const RATE_STRIP_SYMBOLS = ['BTCUSD', 'ETHUSD', 'EURUSD', 'GBPUSD', 'AAPL', 'TSLA'] as const;

/**
 * A strip of instruments with their last price and 24 h change, live from the price stream.
 * Choosing one charts it.
 */
export function RateStrip({
  symbols,
  quotes,
  selected,
  onSelect,
}: {
  symbols: readonly string[];
  quotes: Readonly<Record<string, Quote>>;
  selected?: string;
  onSelect?: (symbol: string) => void;
}) {
  return (
    <ul
      aria-label="Rates"
      className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:grid lg:grid-cols-6"
    >
      {symbols.map((symbol) => (
        <li key={symbol} className="min-w-36 flex-1">
          <RateTile
            symbol={symbol}
            quote={quotes[symbol]}
            selected={symbol === selected}
            onSelect={onSelect}
          />
        </li>
      ))}
    </ul>
  );
}

function RateTile({
  symbol,
  quote,
  selected,
  onSelect,
}: {
  symbol: string;
  quote: Quote | undefined;
  selected: boolean;
  onSelect: ((symbol: string) => void) | undefined;
}) {
  const change = formatChange(quote?.change24hPercent ?? null);
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={!onSelect}
      onClick={() => onSelect?.(symbol)}
      data-testid={`rate-${symbol}`}
      className={`block w-full rounded-xl border bg-white px-4 py-3 text-left shadow-sm transition hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-default ${
        selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'
      }`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="text-xs font-semibold tracking-wide text-slate-500">{symbol}</span>
        <span
          className={`text-xs font-medium tabular-nums ${change.tone ? CHANGE_TONE_CLASS[change.tone] : 'text-slate-500'}`}
        >
          {quote ? change.text : ''}
        </span>
      </span>
      <span className="mt-1 block text-base font-semibold tabular-nums text-slate-900">
        {quote ? (
          formatPrice(quote.price)
        ) : (
          <span className="block h-6 w-20 animate-pulse rounded bg-slate-100" />
        )}
      </span>
    </button>
  );
}
