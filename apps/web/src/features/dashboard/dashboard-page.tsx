import { formatUsd } from '@candor/domain/money/money';
import { Link } from '@tanstack/react-router';
import { MarketOverview } from '../market/market-overview.tsx';
import { useMe } from '../session/session-api.ts';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { INACTIVE_MESSAGE } from './inactive-message.ts';

export function DashboardPage() {
  const me = useMe();
  useDocumentBranding('Dashboard');

  if (me.status !== 'active') {
    return (
      <div
        className="mx-auto mt-10 max-w-xl rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900"
        role="alert"
      >
        <p className="font-medium">{INACTIVE_MESSAGE}</p>
        {me.statusReason ? <p className="mt-3 text-sm">Reason: {me.statusReason}</p> : null}
      </div>
    );
  }

  // The ledger arrives with the money issue; until then every account holds exactly nothing.
  const zero = formatUsd(0n);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome, {me.fullname}</h1>
        <p className="mt-1 text-sm text-slate-500">Your trading account at a glance.</p>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <BalanceCard label="TOTAL BALANCE" amount={zero} tag="Live Account" emphasis />
        <BalanceCard label="DEPOSIT BALANCE" amount={zero} />
        <BalanceCard label="PROFIT BALANCE" amount={zero} />
      </div>

      <div className="flex flex-wrap gap-3">
        <Shortcut to="/deposit" label="Deposit" primary />
        <Shortcut to="/copy-trader" label="Copy Trader" />
        <Shortcut to="/trades" label="Trade" />
      </div>

      <MarketOverview />
    </div>
  );
}

function BalanceCard({
  label,
  amount,
  tag,
  emphasis,
}: {
  label: string;
  amount: string;
  tag?: string;
  emphasis?: boolean;
}) {
  return (
    <section
      aria-label={label}
      className={`rounded-xl p-5 shadow-sm ${emphasis ? 'bg-ink-950 text-white' : 'border border-slate-200 bg-white text-slate-900'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2
          className={`text-xs font-semibold tracking-wider ${emphasis ? 'text-slate-300' : 'text-slate-500'}`}
        >
          {label}
        </h2>
        {tag ? (
          <span className="rounded-full bg-brand-500/15 px-2.5 py-0.5 text-xs font-semibold text-brand-500">
            {tag}
          </span>
        ) : null}
      </div>
      <p className="mt-3 text-3xl font-semibold tabular-nums tracking-tight">{amount}</p>
    </section>
  );
}

function Shortcut({ to, label, primary }: { to: string; label: string; primary?: boolean }) {
  return (
    <Link
      to={to}
      className={`rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm transition ${
        primary
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50'
      }`}
    >
      {label}
    </Link>
  );
}
