import { COPY_TRADING_MESSAGES, type StrategyProviderDetail } from '@candor/contracts/copy-trading';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { CancelCopyDialog } from './cancel-copy-dialog.tsx';
import { CopyDialog } from './copy-dialog.tsx';
import { providerDetailQuery } from './copy-trading-api.ts';
import { ProviderStatisticsSection } from './provider-statistics.tsx';
import { ReturnRate } from './return-rate.tsx';
import { TraderAvatar } from './trader-avatar.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function describeAge(openedAt: string): string {
  const days = Math.max(0, Math.floor((Date.now() - new Date(openedAt).getTime()) / DAY_MS));
  if (days < 1) return 'Less than a day';
  if (days < 60) return `${days} day${days === 1 ? '' : 's'}`;
  const months = Math.floor(days / 30.44);
  if (months < 24) return `${months} months`;
  return `${Math.floor(months / 12)} years`;
}

/** /copy-trader/$id: a provider's page; every figure is computed from its account (statistics from its ledger and trades). */
export function ProviderPage() {
  const { id = '' } = useParams({ strict: false });
  const detail = useQuery(providerDetailQuery(id));
  useDocumentBranding(detail.data?.displayName ?? 'Trader');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackLink to="/copy-trader" label="Copy Expert" />
      {detail.isPending ? (
        <LoadingState>Loading the trader...</LoadingState>
      ) : isApiError(detail.error, 'NOT_FOUND') ? (
        // No such trader (an old or mistyped link): trying again would find none either; the link
        // above leads back to the traders.
        <EmptyState title={`${COPY_TRADING_MESSAGES.notFound}.`} />
      ) : detail.isError ? (
        <LoadError onRetry={() => void detail.refetch()}>{errorMessage(detail.error)}</LoadError>
      ) : (
        <ProviderDetails detail={detail.data} />
      )}
    </div>
  );
}

function ProviderDetails({ detail }: { detail: StrategyProviderDetail }) {
  const isStaff = useIsStaff();
  const [copying, setCopying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const mayCopy = !isStaff && !detail.isMe;
  const peak = Math.max(1, ...detail.followersTrend.map((point) => point.followers));
  const first = detail.followersTrend[0]?.followers ?? 0;
  const change = detail.followers - first;

  return (
    <>
      <Card className="p-5 sm:p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-4">
            <TraderAvatar name={detail.displayName} imageUrl={detail.imageUrl} size="h-20 w-20 text-2xl" />
            <div>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{detail.displayName}</h1>
              <p className="mt-1 text-sm text-slate-500">
                {detail.isMe
                  ? 'This is your provider profile'
                  : detail.copying
                    ? 'You copy this trader'
                    : 'Strategy provider'}
              </p>
            </div>
          </div>
          {mayCopy ? (
            detail.copying ? (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                Cancel copying
              </Button>
            ) : (
              <Button onClick={() => setCopying(true)}>Copy</Button>
            )
          ) : null}
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact label="Return Rate (30 days)" value={<ReturnRate value={detail.returnRate30d} />} />
          <Fact label="Followers" value={String(detail.followers)} />
          <Fact label="Profit Share" value={`${detail.profitShare}%`} />
          <Fact label="Minimum balance" value={formatUsdDecimal(detail.minimumBalance)} />
          <Fact
            label="Account age"
            value={describeAge(detail.accountOpenedAt)}
            note={`Opened ${formatDay(detail.accountOpenedAt)}`}
          />
          {detail.providerSince ? (
            <Fact label="Provider since" value={formatDay(detail.providerSince)} />
          ) : null}
        </dl>
        {detail.returnRate30d === null ? (
          <p className="mt-3 text-xs text-slate-500">Return Rate: not enough history yet.</p>
        ) : null}
      </Card>

      <Card className="p-5 sm:p-6">
        <div className="flex items-baseline justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">Followers, last 7 days</h2>
          <p className="text-sm text-slate-500 tabular-nums">
            {change === 0 ? 'No change' : `${change > 0 ? '+' : ''}${change} in 7 days`}
          </p>
        </div>
        <ol
          className="mt-4 grid h-36 grid-cols-7 items-end gap-2"
          aria-label="Followers at the end of each day"
        >
          {detail.followersTrend.map((point) => (
            <li key={point.date} className="flex h-full flex-col items-center justify-end gap-1">
              <span className="text-xs font-semibold text-slate-700 tabular-nums">{point.followers}</span>
              <span
                className="w-full rounded-t bg-brand-500"
                style={{
                  height: `${Math.max(4, (point.followers / peak) * 100)}%`,
                  opacity: point.followers === 0 ? 0.25 : 1,
                }}
              />
              <span className="text-[11px] text-slate-500">
                {new Date(`${point.date}T00:00:00Z`).toLocaleDateString('en-US', {
                  weekday: 'short',
                  timeZone: 'UTC',
                })}
              </span>
            </li>
          ))}
        </ol>
      </Card>

      <ProviderStatisticsSection statistics={detail.statistics} />
      {copying ? <CopyDialog trader={detail} onClose={() => setCopying(false)} /> : null}
      {cancelling ? <CancelCopyDialog trader={detail} onClose={() => setCancelling(false)} /> : null}
    </>
  );
}

function Fact({ label, value, note }: { label: string; value: React.ReactNode; note?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
