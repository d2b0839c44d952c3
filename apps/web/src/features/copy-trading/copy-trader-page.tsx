import {
  COPY_TRADING_MESSAGES,
  PROVIDER_REASON_MAX_LENGTH,
  type StrategyProviderCard,
} from '@candor/contracts/copy-trading';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { TWO_FACTOR_MESSAGES } from '@candor/contracts/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { notify } from '../../lib/notify.ts';
import { useCan, useIsStaff } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { CancelCopyDialog } from './cancel-copy-dialog.tsx';
import { CopyDialog } from './copy-dialog.tsx';
import { copyKeys, deleteTrader, providerCardsQuery } from './copy-trading-api.ts';
import { EditTermsDialog } from './edit-terms-dialog.tsx';
import { MyCopiesSection } from './my-copies-section.tsx';
import { ProviderInvitationBanner } from './provider-invitation-banner.tsx';
import { ProviderInvitationsSection } from './provider-invitations-section.tsx';
import { ReturnRate } from './return-rate.tsx';
import { SkippedCopiesSection } from './skipped-copies-section.tsx';
import { TraderAvatar } from './trader-avatar.tsx';

/** /copy-trader (seed §2 Copy Expert): trader cards with Copy / Cancel; staff add and delete traders. */
export function CopyTraderPage() {
  useDocumentBranding('Copy Expert');
  const cards = useQuery(providerCardsQuery);
  const isStaff = useIsStaff();
  // The back office (ADD TRADER, the invitations, Edit terms, Delete) needs two-factor on first.
  const mayManage = useCan('copytrading.manage');
  const me = useMe();
  const canManage = mayManage && me.twoFactorEnabled;
  const twoFactorMissing = mayManage && !me.twoFactorEnabled;
  const [copying, setCopying] = useState<StrategyProviderCard | null>(null);
  const [cancelling, setCancelling] = useState<StrategyProviderCard | null>(null);
  const [deleting, setDeleting] = useState<StrategyProviderCard | null>(null);
  const [editing, setEditing] = useState<StrategyProviderCard | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Copy Expert"
        description="Copy the trades of real accounts on this platform. Figures are computed from their trades; past results do not promise future returns."
        actions={
          canManage ? (
            <Link
              to="/add-trader"
              className="inline-flex items-center justify-center whitespace-nowrap rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              ADD TRADER
            </Link>
          ) : null
        }
      />
      {isStaff ? null : <ProviderInvitationBanner />}
      {cards.isPending ? (
        <LoadingState>Loading traders...</LoadingState>
      ) : cards.isError ? (
        <LoadError onRetry={() => void cards.refetch()}>The traders could not be loaded.</LoadError>
      ) : cards.data.items.length === 0 ? (
        <EmptyState title="No traders to copy yet.">
          {canManage ? 'Add one with ADD TRADER.' : 'Traders appear here once they are added.'}
        </EmptyState>
      ) : (
        <ul aria-label="Traders" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.data.items.map((card) => (
            <li key={card.id} className="flex">
              <TraderCard
                card={card}
                mayCopy={!isStaff && !card.isMe}
                canManage={canManage}
                onCopy={() => setCopying(card)}
                onCancel={() => setCancelling(card)}
                onDelete={() => setDeleting(card)}
                onEdit={() => setEditing(card)}
              />
            </li>
          ))}
        </ul>
      )}
      {/* Only customers copy: staff have no copies or skipped copies of their own. */}
      {isStaff ? null : <MyCopiesSection />}
      {isStaff ? null : <SkippedCopiesSection />}
      {copying ? <CopyDialog trader={copying} onClose={() => setCopying(null)} /> : null}
      {cancelling ? <CancelCopyDialog trader={cancelling} onClose={() => setCancelling(null)} /> : null}
      {canManage ? <ProviderInvitationsSection /> : null}
      {twoFactorMissing ? <TwoFactorFirstNotice /> : null}
      {editing ? <EditTermsDialog trader={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteTraderDialog trader={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

/** A staff member who may manage traders but has not turned two-factor on: what to do first. */
function TwoFactorFirstNotice() {
  return (
    <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      {TWO_FACTOR_MESSAGES.required}{' '}
      <Link to="/two-factor" className="font-semibold underline">
        Turn on two-factor
      </Link>
    </p>
  );
}

function TraderCard({
  card,
  mayCopy,
  canManage,
  onCopy,
  onCancel,
  onDelete,
  onEdit,
}: {
  card: StrategyProviderCard;
  mayCopy: boolean;
  canManage: boolean;
  onCopy: () => void;
  onCancel: () => void;
  onDelete: () => void;
  onEdit: () => void;
}) {
  return (
    <Card className="flex w-full flex-col p-5">
      <Link
        to="/copy-trader/$id"
        params={{ id: card.id }}
        className="flex items-center gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <TraderAvatar name={card.displayName} imageUrl={card.imageUrl} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{card.displayName}</h2>
          <p className="text-xs text-slate-500">
            {card.isMe ? 'This is you' : card.copying ? 'You copy this trader' : 'View profile'}
          </p>
        </div>
      </Link>
      <dl className="mt-5 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-lg bg-slate-50 px-2 py-3">
          <dt className="text-xs text-slate-500">Return Rate</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">
            <ReturnRate value={card.returnRate30d} />
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-2 py-3">
          <dt className="text-xs text-slate-500">Followers</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">{card.followers}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-2 py-3">
          <dt className="text-xs text-slate-500">Profit Share</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">{card.profitShare}%</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        Minimum balance {formatUsdDecimal(card.minimumBalance)} (not deducted)
      </p>
      <div className="mt-auto flex gap-2 pt-4">
        {mayCopy ? (
          card.copying ? (
            <Button variant="secondary" className="flex-1" onClick={onCancel}>
              Cancel
            </Button>
          ) : (
            <Button className="flex-1" onClick={onCopy}>
              Copy
            </Button>
          )
        ) : null}
        {canManage ? (
          <>
            <Button variant="secondary" className="flex-1" onClick={onEdit}>
              Edit terms
            </Button>
            <Button variant="danger" className="flex-1" onClick={onDelete}>
              Delete
            </Button>
          </>
        ) : null}
      </div>
    </Card>
  );
}

function DeleteTraderDialog({ trader, onClose }: { trader: StrategyProviderCard; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (reason: string) => deleteTrader(trader.id, reason),
    onSuccess: () => {
      notify.success(COPY_TRADING_MESSAGES.deleted);
      onClose();
    },
    onError: () => notify.error(COPY_TRADING_MESSAGES.deleteFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: copyKeys.all }),
  });
  return (
    <ReasonDialog
      title="Delete trader"
      readBy="customer"
      description={`${trader.displayName} will no longer be a strategy provider. Copying stops for its ${trader.followers} follower(s), who are told by e-mail; copied trades that are open stay open.`}
      busyLabel="Deleting..."
      requiredMessage={REASON_REQUIRED}
      maxLength={PROVIDER_REASON_MAX_LENGTH}
      hint="Sent to the trader and recorded in the audit log."
      busy={mutation.isPending}
      onCancel={onClose}
      onConfirm={(reason) => mutation.mutate(reason)}
    />
  );
}
