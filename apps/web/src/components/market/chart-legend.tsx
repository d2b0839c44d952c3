import type { Candle } from '@candor/contracts/market';
import { compareDecimal } from '@candor/domain/market/candles';
import { formatPrice } from '@candor/domain/money/decimal';

/** The OHLC line over the chart: the candle under the crosshair, else the latest one. */
export function ChartLegend({ title, candle }: { title: string; candle: Candle | undefined }) {
  const tone = candle && compareDecimal(candle.close, candle.open) < 0 ? 'text-red-600' : 'text-emerald-700';
  return (
    <div className="pointer-events-none absolute top-2 left-3 z-10 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs tabular-nums">
      <span className="font-semibold text-slate-800">{title}</span>
      {candle ? (
        <span className="flex flex-wrap gap-x-2 text-slate-500">
          {(['open', 'high', 'low', 'close'] as const).map((field) => (
            <span key={field} className={field === 'close' ? '' : 'hidden sm:inline'}>
              {field[0]?.toUpperCase()} <span className={tone}>{formatPrice(candle[field])}</span>
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}
