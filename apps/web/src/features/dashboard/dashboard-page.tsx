import type { Balances } from '@candor/contracts/ledger';
import { toMinorUnits } from '@candor/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Deferred } from '../../components/ui/deferred.tsx';
import { InactiveAccountNotice } from '../../components/ui/inactive-account-notice.tsx';
import { LoadError } from '../../components/ui/load-states.tsx';
import { StaffAccountNotice } from '../../components/ui/staff-account-notice.tsx';
import { balancesQuery } from '../../lib/balances-api.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';

/**
 * /dashboard (seed §2 Dashboard): the balances and shortcuts, then the market overview and the
 * customer's trades, which the route brings from their features. A suspended account sees the
 * inactive message and its reason above its balances and trades, without the shortcuts to trade
 * or deposit. A staff account holds no money (decision 062): it reads so, without Deposit or Trade.
 */
export function DashboardPage({
  marketOverview,
  tradeList,
}: {
  marketOverview: ReactNode;
  tradeList: ReactNode;
}) {
  const me = useMe();
  const isStaff = useIsStaff();
  useDocumentBranding('Dashboard');

  if (me.status !== 'active') {
    // PRODUCT.md §2: the inactive message with its reason first. A suspended customer can still
    // read their balances and statement and close their open trades; nothing here moves money in.
    return (
      <div className="space-y-6">
        <InactiveAccountNotice
          reason={me.statusReason}
          className="p-5 sm:p-6"
          reasonClassName="mt-2 text-sm"
        />
        <BalanceCards />
        <p className="text-sm text-slate-600">
          You can still read your{' '}
          <Link to="/statement" className="font-semibold text-brand-700 hover:underline">
            statement
          </Link>{' '}
          and close your open trades below.
        </p>
        {tradeList}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome, {me.fullname}</h1>
        <p className="mt-1 text-sm text-slate-500">Your trading account at a glance.</p>
      </div>
      {isStaff ? <StaffAccountNotice className="p-4 text-sm" /> : null}

      <Deferred>
        <BalanceCards />

        <div className="flex flex-wrap gap-3">
          {isStaff ? null : <Shortcut to="/deposit" label="Deposit" primary />}
          <Shortcut to="/copy-trader" label="Copy Trader" primary={isStaff} />
          {isStaff ? null : <Shortcut to="/trades" label="Trade" />}
        </div>

        {marketOverview}

        {tradeList}
      </Deferred>
    </div>
  );
}

/** The three balances of seed-spec §2, from the ledger (GET /api/me/balances). */
function BalanceCards() {
  const { data, isPending, isError, refetch } = useQuery(balancesQuery);
  if (isError) {
    return <LoadError onRetry={() => void refetch()}>Your balances could not be loaded.</LoadError>;
  }
  const shown = isPending ? null : data;
  return (
    <div className="grid gap-4 md:grid-cols-3" aria-busy={isPending}>
      <BalanceCard label="TOTAL BALANCE" amount={usd(shown?.total)} tag="Live Account" emphasis>
        {shown && toMinorUnits(shown.reserved) !== 0n ? <ReservedLine balances={shown} /> : null}
        {shown && toMinorUnits(shown.owed) !== 0n ? <OwedLine balances={shown} /> : null}
      </BalanceCard>
      <BalanceCard label="DEPOSIT BALANCE" amount={usd(shown?.deposits)} />
      <BalanceCard label="PROFIT BALANCE" amount={usd(shown?.profit)} />
    </div>
  );
}

/** A balance from the wire ("1234.50") as "$1,234.50"; null while loading. Profit may be negative. */
function usd(decimal: string | undefined): string | null {
  return decimal === undefined ? null : formatUsdDecimal(decimal);
}

/** Borrowed money is in the total (it can be traded) but is not the customer's: said under it. */
function OwedLine({ balances }: { balances: Balances }) {
  return (
    <p className="mt-1 text-xs text-slate-300 tabular-nums">
      Includes {usd(balances.owed)} borrowed, owed on a loan
    </p>
  );
}

function ReservedLine({ balances }: { balances: Balances }) {
  return (
    <p className="mt-2 text-xs text-slate-300 tabular-nums">
      Available {usd(balances.available)} · Reserved {usd(balances.reserved)}
    </p>
  );
}

function BalanceCard({
  label,
  amount,
  tag,
  emphasis,
  children,
}: {
  label: string;
  /** null while loading: a placeholder bar is shown. */
  amount: string | null;
  tag?: string;
  emphasis?: boolean;
  children?: ReactNode;
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
      {amount === null ? (
        <div
          data-testid="balance-skeleton"
          className={`mt-3 h-9 w-36 animate-pulse rounded-md ${emphasis ? 'bg-white/15' : 'bg-slate-200'}`}
        >
          <span className="sr-only">Loading...</span>
        </div>
      ) : (
        <p className="mt-3 text-3xl font-semibold tabular-nums tracking-tight">{amount}</p>
      )}
      {children}
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
