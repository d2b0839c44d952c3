import type { ProviderStatistics } from '@candor/contracts/copy-trading';
import { formatHoldingTime } from '@candor/domain/copy/trade-statistics';
import { formatPrice } from '@candor/domain/money/decimal';
import { Card } from '../../components/ui/card.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { DIRECTION_LABELS, directionToneClass } from '../../lib/trade-format.ts';
import { EquityCurveChart } from './equity-curve-chart.tsx';
import { ReturnRate } from './return-rate.tsx';

/** "Statistics are computed from the trader's trades": every figure from the provider's ledger and trades. */
export function ProviderStatisticsSection({ statistics: s }: { statistics: ProviderStatistics }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Statistics</h2>
      <p className="mt-1 text-sm text-slate-500">
        Statistics are computed from the trader's trades. Nothing here is typed in by anyone.
      </p>

      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Return, 30 days" value={<ReturnRate value={s.returnRate30d} />} />
        <Stat label="Return, 90 days" value={<ReturnRate value={s.returnRate90d} />} />
        <Stat label="Return since start" value={<ReturnRate value={s.returnRateSinceStart} />} />
        <Stat
          label="Max drawdown"
          value={s.maxDrawdown === null ? <NotYet why="Not enough history yet" /> : `${s.maxDrawdown}%`}
        />
        <Stat
          label="Win rate"
          value={s.winRate === null ? <NotYet why="No closed trades yet" /> : `${s.winRate}%`}
          note={s.trades > 0 ? `${s.wins} won, ${s.losses} lost` : undefined}
        />
        <Stat
          label="Profit factor"
          value={s.profitFactor ?? '—'}
          note={s.profitFactor === null ? 'No losing trades yet' : undefined}
        />
        <Stat label="Trades" value={String(s.trades)} note="closed" />
        <Stat
          label="Average holding time"
          value={
            s.averageHoldingMs === null ? (
              <NotYet why="No closed trades yet" />
            ) : (
              formatHoldingTime(s.averageHoldingMs)
            )
          }
        />
      </dl>

      <div className="mt-6">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">Equity, last 90 days</h3>
          <p className="text-sm text-slate-500 tabular-nums">Now {formatUsdDecimal(s.equity)}</p>
        </div>
        <div className="mt-3">
          {s.equityCurve.length < 2 ? (
            <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-500">
              The curve starts after the account's first full day.
            </p>
          ) : (
            <EquityCurveChart points={s.equityCurve} />
          )}
        </div>
        <p className="mt-2 text-xs text-slate-500">
          Settled equity (cash and reserved funds) at the end of each day (UTC); the last point is now, with
          open positions at the current price.
        </p>
      </div>

      <div className="mt-6">
        <h3 className="text-sm font-semibold text-slate-900">Open positions</h3>
        {s.openPositions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No open positions.</p>
        ) : (
          <div className="mt-2">
            <OpenPositionsTable positions={s.openPositions} />
          </div>
        )}
      </div>

      <div className="mt-6 rounded-lg border border-slate-200 p-4">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">Risk score</h3>
          <p className="text-lg font-semibold text-slate-900 tabular-nums">{s.riskScore.score} of 10</p>
        </div>
        {s.riskScore.yearlySwingPercent !== null && s.openPositions.length > 0 ? (
          <p className="mt-1 text-xs text-slate-500 tabular-nums">
            Yearly swing {s.riskScore.yearlySwingPercent}% of equity · exposure {s.riskScore.exposurePercent}%
            · highest lot size {s.riskScore.highestLotSize}
          </p>
        ) : null}
        <details className="mt-3 text-sm text-slate-600">
          <summary className="cursor-pointer font-medium text-slate-700">
            How the risk score is computed
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {s.riskScoreMethod.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      </div>

      <div className="mt-6">
        <h3 className="text-sm font-semibold text-slate-900">How these are computed</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {s.returnMethod.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

const POSITION_COLUMNS: readonly Column[] = [
  { label: 'Symbol' },
  { label: 'Direction', className: 'hidden sm:table-cell' },
  { label: 'Amount', className: 'hidden text-right sm:table-cell' },
  { label: 'Lot', className: 'hidden text-right sm:table-cell' },
  { label: 'Open price', className: 'hidden text-right md:table-cell' },
  { label: 'Result now', className: 'text-right' },
];

/**
 * The provider's open positions, as the trade lists show theirs: on a phone only the symbol and the
 * result have columns, the direction, amount, lot and open price stand under the symbol (the open
 * price until md), so the table fits the card and nothing scrolls sideways.
 */
function OpenPositionsTable({ positions }: { positions: ProviderStatistics['openPositions'] }) {
  return (
    <DataTable columns={POSITION_COLUMNS}>
      {positions.map((p) => {
        const direction = DIRECTION_LABELS[p.direction];
        const amount = formatUsdDecimal(p.amount);
        return (
          <tr key={`${p.symbol}-${p.openedAt}-${p.openPrice}`} className="tabular-nums">
            <td className="px-4 py-3">
              <span className="font-medium text-slate-900">{p.symbol}</span>
              <span
                data-testid="position-terms-line"
                className="mt-0.5 block text-xs text-slate-500 sm:hidden"
              >
                <span className={`font-semibold ${directionToneClass(p.direction)}`}>{direction}</span> ·{' '}
                {amount} · Lot {p.lotSize}
              </span>
              <span
                data-testid="position-price-line"
                className="mt-0.5 block text-xs text-slate-500 md:hidden"
              >
                Open {formatPrice(p.openPrice)}
              </span>
            </td>
            <td className={`hidden px-4 py-3 font-semibold sm:table-cell ${directionToneClass(p.direction)}`}>
              {direction}
            </td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-900 sm:table-cell">
              {amount}
            </td>
            <td className="hidden px-4 py-3 text-right text-slate-700 sm:table-cell">{p.lotSize}</td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-700 md:table-cell">
              {formatPrice(p.openPrice)}
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap">
              {p.currentResult === null ? (
                <span className="text-slate-500">No price</span>
              ) : (
                <SignedAmount decimal={p.currentResult} />
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function NotYet({ why }: { why: string }) {
  return (
    <span title={why}>
      —<span className="sr-only"> {why}</span>
    </span>
  );
}

function SignedAmount({ decimal }: { decimal: string }) {
  const cents = toSignedCents(decimal);
  const tone = cents > 0n ? 'text-emerald-700' : cents < 0n ? 'text-red-600' : 'text-slate-700';
  return <span className={tone}>{formatSignedUsd(cents)}</span>;
}

function Stat({ label, value, note }: { label: string; value: React.ReactNode; note?: string | undefined }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
