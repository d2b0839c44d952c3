import { IDENTITY_STATUS_LABELS, USER_LIST_STATUS_LABELS } from '@candor/contracts/admin-user-list';
import type { AdminUser } from '@candor/contracts/admin-users';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StaffAccountNotice } from '../../components/ui/staff-account-notice.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCan } from '../../lib/permissions.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { AccountStatusActions } from './account-status-actions.tsx';
import { AdjustmentForm } from './adjustment-form.tsx';
import { adminUserQuery } from './admin-user-api.ts';
import { BookTradeForm } from './book-trade-form.tsx';
import { DeskTrades } from './desk-trades.tsx';
import { OpenPositions } from './open-positions.tsx';
import { RecentSignIns, UserSessions } from './user-sessions.tsx';
import { WithdrawalSecurity } from './withdrawal-security.tsx';
import { WithdrawalSettingsPanel } from './withdrawal-settings-form.tsx';

/** How the latest ledger entries are shown: the route brings the statement's table. */
type EntriesTable = (entries: AdminUser['recentEntries']['items']) => ReactNode;

/** /user/{id}: one customer's details, balances, latest ledger entries and money settings. */
export function AdminUserPage({ entriesTable }: { entriesTable: EntriesTable }) {
  useDocumentBranding('User details');
  const { id = '' } = useParams({ strict: false });
  const { data, isPending, error, refetch } = useQuery(adminUserQuery(id));

  return (
    <div className="space-y-6">
      <BackLink to="/all-user" label="Manage" />
      {isPending ? (
        <LoadingState plain>Loading user...</LoadingState>
      ) : isApiError(error, 'USER_NOT_FOUND') ? (
        <EmptyState title="User not found.">
          <Link to="/all-user" className="font-semibold text-brand-700 hover:underline">
            Back to Manage
          </Link>
        </EmptyState>
      ) : error ? (
        // A failure that may pass (the network, the server): asked again in place, as the lists do.
        <LoadError onRetry={() => void refetch()}>The user could not be loaded.</LoadError>
      ) : (
        <UserDetails user={data} entriesTable={entriesTable} />
      )}
    </div>
  );
}

/** Seed §2: a blocked (suspended) account reads as on the Users tab, "Active" or "Blocked". */
const STATUS_LABELS = USER_LIST_STATUS_LABELS;

function UserDetails({ user, entriesTable }: { user: AdminUser; entriesTable: EntriesTable }) {
  return (
    <>
      <section
        aria-label="Profile"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{user.fullName}</h1>
            <p className="mt-0.5 truncate text-sm text-slate-500">@{user.username}</p>
          </div>
          <StatusBadge status={user.status} />
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Detail label="Fullname">{user.fullName}</Detail>
          <Detail label="Email">
            <span className="break-all">{user.email}</span>
          </Detail>
          <Detail label="Username">@{user.username}</Detail>
          <Detail label="Verification">{IDENTITY_STATUS_LABELS[user.identityStatus]}</Detail>
          <Detail label="Status">
            {STATUS_LABELS[user.status]}
            {user.status !== 'active' && user.statusReason ? (
              <span className="block text-slate-500">Reason: {user.statusReason}</span>
            ) : null}
          </Detail>
          <Detail label="Member since">{formatDateTime(user.createdAt)}</Detail>
        </dl>
      </section>

      <AccountStatusActions user={user} />

      <section aria-label="Balances" className="grid gap-4 md:grid-cols-3">
        <Balance
          label="Total balance"
          hint="Available cash plus what is reserved for open trades and withdrawals. The Users tab's Balance is the available cash."
          amount={user.balances.total}
        >
          Available {formatUsdDecimal(user.balances.available)} · Reserved{' '}
          {formatUsdDecimal(user.balances.reserved)}
        </Balance>
        <Balance label="Deposit balance" amount={user.balances.deposits}>
          Sum of approved deposits
        </Balance>
        <Balance label="Profit balance" amount={user.balances.profit}>
          Sum of trading results
        </Balance>
      </section>

      <MoneyPanels user={user} />

      <section aria-labelledby="recent-entries" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-entries" className="text-base font-semibold text-slate-900">
            Recent ledger entries
          </h2>
          {user.recentEntries.total > user.recentEntries.items.length ? (
            <p className="text-xs text-slate-500">
              The {user.recentEntries.items.length} most recent of {user.recentEntries.total} entries
            </p>
          ) : null}
        </div>
        {user.recentEntries.items.length === 0 ? (
          <EmptyState title="No transactions yet." />
        ) : (
          entriesTable(user.recentEntries.items)
        )}
      </section>

      <WithdrawalSecurity userId={user.id} staffAccount={user.role !== 'client'} />
      {/* A staff member's sessions are not a customer's to list or end here (decision 061). */}
      {user.role === 'client' ? <UserSessions userId={user.id} /> : null}
      <RecentSignIns signIns={user.recentSignIns} />
    </>
  );
}

/**
 * The panels that change money or settings, each only for a role that may use it (the server
 * refuses the others with 403 anyway). Open positions are read by every staff member. A staff
 * account's page offers no adjustment, booking or withdrawal settings, and says why: staff accounts
 * hold no money (decision 062; the server refuses the movements), and what one held before stays in
 * its balances above.
 */
function MoneyPanels({ user }: { user: AdminUser }) {
  const isCustomer = user.role === 'client';
  const canAdjust = useCan('adjustments.create') && isCustomer;
  // Nothing moves through a staff account's withdrawals: no hold or confirmation code to set.
  const canHold = useCan('withdrawals.settings') && isCustomer;
  const canBook = useCan('trades.manage') && isCustomer;
  return (
    <>
      {isCustomer ? null : <StaffAccountNotice className="p-4 text-sm" />}
      {canAdjust || canHold ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {canAdjust ? (
            <Panel
              title="Manual adjustment"
              description="Credit or debit the cash balance. The customer is mailed it, and reads the reason on their statement."
            >
              <AdjustmentForm user={user} />
            </Panel>
          ) : null}
          {canHold ? (
            <Panel
              title="Withdrawal settings"
              description="Hold this customer's withdrawals with a reason they can read, or require an e-mailed confirmation code."
            >
              <WithdrawalSettingsPanel userId={user.id} />
            </Panel>
          ) : null}
        </div>
      ) : null}

      <OpenPositions userId={user.id} />
      <DeskTrades userId={user.id} />

      {canBook ? (
        <Panel
          title="Book external trade"
          description="A trade executed outside the platform on this customer's behalf, at recorded market prices. Its result is computed, never typed, and it is posted only when the customer accepts it."
        >
          <BookTradeForm userId={user.id} accountCreatedAt={user.createdAt} />
        </Panel>
      ) : null}
    </>
  );
}

function StatusBadge({ status }: { status: AdminUser['status'] }) {
  const tone =
    status === 'active'
      ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
      : status === 'suspended'
        ? 'bg-amber-50 text-amber-700 ring-amber-200'
        : 'bg-slate-100 text-slate-600 ring-slate-200';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function Balance({
  label,
  hint,
  amount,
  children,
}: {
  label: string;
  /** A tooltip on the label: what the figure is made of. */
  hint?: string;
  amount: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 title={hint} className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
        {label}
      </h2>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {formatUsdDecimal(amount)}
      </p>
      <p className="mt-1 text-xs text-slate-500 tabular-nums">{children}</p>
    </section>
  );
}

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 mb-5 text-sm text-slate-500">{description}</p>
      {children}
    </section>
  );
}
