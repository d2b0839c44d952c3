import type { SignalDirection, SignalRating } from '@candor/contracts/market';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { signalQuery } from '../../lib/market-api.ts';
import { formatUtcDayMonthTime } from '../../lib/utc-format.ts';

export const DIRECTION_LABELS = {
  strong_sell: 'Strong sell',
  sell: 'Sell',
  neutral: 'Neutral',
  buy: 'Buy',
  strong_buy: 'Strong buy',
} as const satisfies Record<SignalDirection, string>;

/** From red (sell) through grey to green (buy). */
const DIRECTION_STYLES = {
  strong_sell: { bar: 'bg-red-600', text: 'text-red-700' },
  sell: { bar: 'bg-red-400', text: 'text-red-600' },
  neutral: { bar: 'bg-slate-400', text: 'text-slate-600' },
  buy: { bar: 'bg-emerald-500', text: 'text-emerald-700' },
  strong_buy: { bar: 'bg-emerald-600', text: 'text-emerald-700' },
} as const satisfies Record<SignalDirection, { bar: string; text: string }>;

/**
 * PRODUCT.md §2: the computed technical rating of the charted instrument (nobody sets it), with
 * its direction and the instrument it is for. The bar's width is the rating.
 */
export function SignalStrengthBar({ symbol }: { symbol: string }) {
  const { data, isError } = useQuery(signalQuery(symbol));
  return (
    <section aria-label="Signal Strength" className="space-y-2">
      {data ? (
        <SignalMeter signal={data} />
      ) : (
        <>
          <p className="text-sm font-semibold text-slate-800">
            Signal Strength <span className="font-normal text-slate-500">· {symbol}</span>
          </p>
          {isError ? (
            <p className="text-sm text-slate-500">The signal strength is not available right now.</p>
          ) : (
            <div
              className="h-2.5 animate-pulse rounded-full bg-slate-100"
              role="status"
              aria-label="Loading signal strength"
            />
          )}
        </>
      )}
    </section>
  );
}

function SignalMeter({ signal }: { signal: SignalRating }) {
  const labelId = useId();
  const direction = DIRECTION_LABELS[signal.direction];
  const style = DIRECTION_STYLES[signal.direction];
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p id={labelId} className="text-sm text-slate-500">
          <span className="font-semibold text-slate-800">Signal Strength</span> · {signal.symbol} ·{' '}
          <span className="whitespace-nowrap">
            <span className="font-semibold tabular-nums text-slate-800">{signal.rating}%</span> ·{' '}
            <span className={`font-semibold ${style.text}`}>{direction}</span>
          </span>
        </p>
        <p className="text-xs text-slate-500">
          {signal.interval.toUpperCase()} candles, as of {formatUtcDayMonthTime(new Date(signal.asOf * 1000))}{' '}
          UTC
        </p>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the direction's colour in every browser */}
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={signal.rating}
        aria-valuetext={`${signal.rating}% · ${direction}`}
        data-testid="signal-strength"
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${style.bar}`}
          style={{ width: `${signal.rating}%` }}
        />
      </div>
      <div
        className="flex justify-between text-[11px] font-medium tracking-wide text-slate-500 uppercase"
        aria-hidden="true"
      >
        <span>Sell</span>
        <span>Neutral</span>
        <span>Buy</span>
      </div>
    </>
  );
}
