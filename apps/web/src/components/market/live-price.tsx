import type { Quote } from '@candor/contracts/market';
import { formatPrice } from '@candor/domain/money/decimal';
import type { StreamStatus } from '../../lib/use-price-stream.ts';
import { CHANGE_TONE_CLASS, formatChange } from './decimal.ts';

/** The charted instrument's last price and 24 h change, as the stream delivers them. */
export function LivePrice({ quote, name }: { quote: Quote | undefined; name: string | undefined }) {
  const change = formatChange(quote?.change24hPercent ?? null);
  return (
    <div className="min-w-0 sm:text-right">
      <p className="truncate text-xs font-medium text-slate-500">{name ?? '\u00a0'}</p>
      <p className="mt-0.5 flex items-baseline gap-2 sm:justify-end">
        <span
          data-testid="live-price"
          className="text-2xl font-semibold tracking-tight tabular-nums text-slate-900"
        >
          {quote ? formatPrice(quote.price) : '—'}
        </span>
        {quote ? (
          <span
            className={`text-sm font-medium tabular-nums ${change.tone ? CHANGE_TONE_CLASS[change.tone] : 'text-slate-500'}`}
          >
            {change.text} <span className="font-normal text-slate-500">24h</span>
          </span>
        ) : null}
      </p>
      {quote?.stale ? (
        <p className="mt-0.5 text-xs text-amber-700">This price is not updating at the moment.</p>
      ) : null}
    </div>
  );
}

const STATUS = {
  live: { label: 'Live', dot: 'bg-emerald-500', text: 'text-emerald-700' },
  connecting: { label: 'Connecting…', dot: 'bg-slate-400', text: 'text-slate-500' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-500', text: 'text-amber-700' },
} as const satisfies Record<StreamStatus, { label: string; dot: string; text: string }>;

/** Whether prices are arriving: the stream reconnects by itself after a drop. */
export function StreamStatusPill({ status }: { status: StreamStatus }) {
  const style = STATUS[status];
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs font-medium ${style.text}`} role="status">
      <span
        className={`h-2 w-2 rounded-full ${style.dot} ${status === 'live' ? 'animate-pulse' : ''}`}
        aria-hidden="true"
      />
      {style.label}
    </span>
  );
}
