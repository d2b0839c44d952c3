import {
  APPROVAL_CANCELLED_LABEL,
  APPROVAL_KIND_LABELS,
  APPROVAL_REASON_MAX_LENGTH,
  APPROVAL_STATUS_LABELS,
  type Approval,
  type ApprovalPerson,
  isCancelledByCustomer,
} from '@candor/contracts/approvals';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { IDENTITY_RULE_MESSAGES, LIMITS_MESSAGES } from '@candor/contracts/settings';
import { hasPermission, isStaffRole, type Permission, STAFF_ROLE_LABELS } from '@candor/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FourEyesReachNote } from '../../components/four-eyes-reach.tsx';
import { AddressComparison } from '../../components/ui/address-comparison.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { IdentityRuleComparison } from '../../components/ui/identity-rule-comparison.tsx';
import { changedLimits, LIMIT_NAMES, LimitsComparison } from '../../components/ui/limits-comparison.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatThreshold, ThresholdComparison } from '../../components/ui/threshold-comparison.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useMe } from '../../lib/session.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { approvalsPageQuery } from './approvals-api.ts';
import { BookingResultText, DeskTradeBookingDetails } from './desk-trade-booking.tsx';
import { type ApprovalDecision, useApprovalDecision } from './use-approval-decision.ts';
import { formatWaitingTime } from './waiting-time.ts';

/** Who may decide a request: whoever holds the permission of the original action (the server checks it too). */
const KIND_PERMISSION = {
  adjustment: 'adjustments.create',
  withdrawal_approval: 'withdrawals.decide',
  wallet_change: 'settings.manage',
  four_eyes_threshold: 'settings.manage',
  desk_trade: 'trades.manage',
  identity_for_withdrawals: 'settings.manage',
  unverified_limits: 'settings.manage',
} as const satisfies Record<Approval['kind'], Permission>;

/**
 * The Manage page's Approvals tab (four-eyes): adjustments, withdrawal approvals and desk bookings
 * above the threshold, changes of the deposit addresses, and changes that loosen the threshold wait
 * here for a different staff member, who approves or rejects each with a reason; its maker may cancel
 * it while it waits (docs/decisions/057).
 * Waiting requests come first, the longest wait on top; decided ones follow with their checker.
 */
export function ApprovalsTab() {
  const { page, setPage } = useListPlace('/all-user', { tab: 'approvals' });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(approvalsPageQuery(page));
  const { decide, deciding } = useApprovalDecision();
  const [dialog, setDialog] = useState<{ approval: Approval; kind: ApprovalDecision['kind'] } | null>(null);

  if (isPending) return <LoadingState>Loading approvals...</LoadingState>;
  if (isError)
    return <LoadError onRetry={() => void refetch()}>The approvals could not be loaded.</LoadError>;
  if (data.items.length === 0) {
    return (
      <>
        <FourEyesReachNote className="mb-4" />
        <EmptyState title="No approvals yet.">
          Manual adjustments, withdrawal approvals and desk trades above the threshold in Settings, changes of
          the deposit addresses, raising or turning off that threshold, no longer requiring a verified
          identity for withdrawals and raising the limits of unverified accounts wait here for a second staff
          member.
        </EmptyState>
      </>
    );
  }
  const waiting = data.items.filter((item) => item.status === 'awaiting');
  const decided = data.items.filter((item) => item.status !== 'awaiting');
  // A request decided meanwhile (by someone else, or the customer: the refreshed list says so) has
  // nothing left to decide, so its dialog goes; the failure's toast said why.
  const listed = dialog ? data.items.find((item) => item.id === dialog.approval.id) : undefined;
  const open = listed && listed.status !== 'awaiting' ? null : dialog;

  return (
    <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <FourEyesReachNote className="mb-4" />
      {waiting.length > 0 ? (
        <ApprovalSection
          title="Awaiting second approval"
          items={waiting}
          onDecide={setDialog}
          deciding={deciding}
        />
      ) : null}
      {decided.length > 0 ? (
        <ApprovalSection title="Decided" items={decided} onDecide={setDialog} deciding={deciding} />
      ) : null}
      <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} />
      {open ? (
        <ReasonDialog
          title={DIALOG_TEXTS[open.kind].title}
          readBy="staff"
          variant={open.kind === 'approve' ? 'primary' : 'danger'}
          busyLabel={DIALOG_TEXTS[open.kind].busy}
          description={describe(open.approval, open.kind)}
          requiredMessage={REASON_REQUIRED}
          hint={DIALOG_TEXTS[open.kind].hint}
          dismissLabel={DIALOG_TEXTS[open.kind].dismiss}
          maxLength={APPROVAL_REASON_MAX_LENGTH}
          busy={deciding === open.approval.id}
          onCancel={() => setDialog(null)}
          onConfirm={async (reason) => {
            const done = await decide(open.approval.id, { kind: open.kind, reason });
            if (done) setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** Under a checker's reason: who reads it. */
const CHECKER_HINT = 'Recorded with your name in the audit log; the maker sees it on this tab.';

const DIALOG_TEXTS = {
  approve: { title: 'Approve', busy: 'Approving...', hint: CHECKER_HINT, dismiss: 'Cancel' },
  reject: { title: 'Reject', busy: 'Rejecting...', hint: CHECKER_HINT, dismiss: 'Cancel' },
  cancel: {
    title: 'Cancel request',
    busy: 'Cancelling...',
    hint: 'Recorded with your name in the audit log and shown on this tab.',
    dismiss: 'Keep request',
  },
} as const satisfies Record<
  ApprovalDecision['kind'],
  { title: string; busy: string; hint: string; dismiss: string }
>;

function describe(approval: Approval, kind: ApprovalDecision['kind']): string {
  if (kind === 'cancel') return `${cardName(approval)}: your request is withdrawn and nothing moves.`;
  if (approval.thresholdChange) {
    const what = `The change of the second approval threshold from ${formatThreshold(approval.thresholdChange.before)} to ${formatThreshold(approval.thresholdChange.after)}, requested by ${approval.maker.name},`;
    return kind === 'approve'
      ? `${what} takes effect at once.`
      : `${what} is refused: the threshold in force stays.`;
  }
  if (approval.identityRuleChange) {
    const what = `Turning off "Withdrawals need a verified identity", requested by ${approval.maker.name},`;
    return kind === 'approve'
      ? `${what} takes effect at once: an unverified account may then withdraw up to the unverified withdrawal limit in 30 days.`
      : `${what} is refused: withdrawals still need a verified identity.`;
  }
  if (approval.limitsChange) {
    const { before, after } = approval.limitsChange;
    const moves = changedLimits(approval.limitsChange)
      .map(
        (limit) =>
          `${LIMIT_NAMES[limit].toLowerCase()} from ${formatUsdDecimal(before[limit])} to ${formatUsdDecimal(after[limit])}`,
      )
      .join(', ');
    const what = `Raising the unverified account limits (${moves}), requested by ${approval.maker.name},`;
    return kind === 'approve'
      ? `${what} takes effect at once.`
      : `${what} is refused: the limits in force stay.`;
  }
  if (approval.kind === 'wallet_change') {
    const what = `The change of the deposit addresses requested by ${approval.maker.name}`;
    return kind === 'approve'
      ? `${what} takes effect at once: customers are shown the new addresses.`
      : `${what} is refused: the addresses in force stay.`;
  }
  if (approval.deskTrade) {
    const { direction, symbol, result } = approval.deskTrade;
    const what = `The ${direction.toUpperCase()} ${symbol} desk trade for ${approval.email} with a result of ${formatSignedUsd(toSignedCents(result))}, booked by ${approval.maker.name},`;
    return kind === 'approve'
      ? `${what} is checked again and proposed to the customer at once: they are mailed and may accept it.`
      : `${what} is refused: the customer is never told of it.`;
  }
  const amount = formatUsdDecimal(approval.amount ?? '0');
  const what =
    approval.kind === 'adjustment'
      ? `The ${amount} ${approval.direction ?? 'adjustment'} to ${approval.email}, requested by ${approval.maker.name},`
      : `The ${amount} withdrawal of ${approval.email}, approved by ${approval.maker.name},`;
  return kind === 'approve' ? `${what} is carried out at once.` : `${what} is refused: nothing moves.`;
}

/** How a card is named: its kind, and what and whom it is about. */
function cardName(approval: Approval): string {
  if (
    approval.kind === 'wallet_change' ||
    approval.kind === 'four_eyes_threshold' ||
    approval.kind === 'identity_for_withdrawals' ||
    approval.kind === 'unverified_limits'
  ) {
    return `${APPROVAL_KIND_LABELS[approval.kind]} requested by ${approval.maker.name}`;
  }
  if (approval.deskTrade) {
    const { direction, symbol, result } = approval.deskTrade;
    return `${APPROVAL_KIND_LABELS[approval.kind]}: ${direction.toUpperCase()} ${symbol}, result ${formatSignedUsd(toSignedCents(result))}, for ${approval.email}`;
  }
  const amount = formatUsdDecimal(approval.amount ?? '0');
  const amountText = approval.direction ? `${approval.direction} ${amount}` : amount;
  return `${APPROVAL_KIND_LABELS[approval.kind]} of ${amountText} for ${approval.email}`;
}

function AmountText({ amount, direction }: { amount: string; direction: Approval['direction'] }) {
  const signed = direction === 'debit' ? '−' : direction === 'credit' ? '+' : '';
  return (
    <p className="text-xl font-semibold tabular-nums text-slate-900 sm:text-right">
      {signed}
      {formatUsdDecimal(amount)}
      {direction ? (
        <span className="ml-2 align-middle text-xs font-medium text-slate-500 uppercase">{direction}</span>
      ) : null}
    </p>
  );
}

function roleLabel(role: string): string {
  return isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role === 'client' ? 'customer' : role;
}

function person(who: ApprovalPerson): string {
  return `${who.name} (${roleLabel(who.role)})`;
}

type SectionProps = {
  title: string;
  items: readonly Approval[];
  deciding: string | null;
  onDecide: (dialog: { approval: Approval; kind: ApprovalDecision['kind'] }) => void;
};

function ApprovalSection({ title, items, deciding, onDecide }: SectionProps) {
  return (
    <section aria-label={title} className="mb-6">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      <ul className="space-y-3">
        {items.map((approval) => (
          <ApprovalCard key={approval.id} approval={approval} deciding={deciding} onDecide={onDecide} />
        ))}
      </ul>
    </section>
  );
}

function ApprovalCard({
  approval,
  deciding,
  onDecide,
}: {
  approval: Approval;
  deciding: string | null;
  onDecide: SectionProps['onDecide'];
}) {
  const me = useMe();
  const waiting = approval.status === 'awaiting';
  const mayDecide = hasPermission(me.role, KIND_PERMISSION[approval.kind]);
  const own = approval.maker.id === me.id;
  const busy = deciding === approval.id;
  // The customer cancelled the withdrawal while it waited: nobody on the staff decided it.
  const cancelledByCustomer = isCancelledByCustomer(approval);

  return (
    <li
      aria-label={cardName(approval)}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-slate-900">
              {APPROVAL_KIND_LABELS[approval.kind]}
            </span>
            <StatusBadge
              label={cancelledByCustomer ? APPROVAL_CANCELLED_LABEL : APPROVAL_STATUS_LABELS[approval.status]}
            />
          </div>
          {approval.userId ? (
            <Link
              to={approval.withdrawalId ? '/withdrawal/$id' : '/user/$id'}
              params={{ id: approval.withdrawalId ?? approval.userId }}
              className="block truncate text-sm text-brand-700 hover:underline"
            >
              {approval.email}
            </Link>
          ) : (
            <p className="text-sm text-slate-500">
              {approval.kind === 'four_eyes_threshold'
                ? 'When adjustments, withdrawals, desk trades and address changes need a second staff member'
                : approval.kind === 'identity_for_withdrawals'
                  ? IDENTITY_RULE_MESSAGES.subject
                  : approval.kind === 'unverified_limits'
                    ? LIMITS_MESSAGES.subject
                    : 'Where every customer sends their deposits'}
            </p>
          )}
        </div>
        {approval.deskTrade ? (
          <BookingResultText result={approval.deskTrade.result} />
        ) : approval.amount ? (
          <AmountText amount={approval.amount} direction={approval.direction} />
        ) : null}
      </div>

      {approval.deskTrade ? (
        <div className="mt-4">
          <DeskTradeBookingDetails booking={approval.deskTrade} />
        </div>
      ) : null}

      {approval.walletChange ? (
        <div className="mt-4 rounded-lg border border-slate-100 bg-white">
          <AddressComparison
            before={approval.walletChange.before}
            after={approval.walletChange.after}
            labels={waiting ? ['In force', 'Proposed'] : ['Before', 'After']}
            caption="Deposit addresses, before and after the change"
          />
        </div>
      ) : null}

      {approval.thresholdChange ? (
        <div className="mt-4 rounded-lg border border-slate-100 bg-white">
          <ThresholdComparison
            change={approval.thresholdChange}
            labels={waiting ? ['In force', 'Proposed'] : ['Before', 'After']}
          />
        </div>
      ) : null}

      {approval.identityRuleChange ? (
        <div className="mt-4 rounded-lg border border-slate-100 bg-white">
          <IdentityRuleComparison
            change={approval.identityRuleChange}
            labels={waiting ? ['In force', 'Proposed'] : ['Before', 'After']}
          />
        </div>
      ) : null}

      {approval.limitsChange ? (
        <div className="mt-4 rounded-lg border border-slate-100 bg-white">
          <LimitsComparison
            change={approval.limitsChange}
            labels={waiting ? ['In force', 'Proposed'] : ['Before', 'After']}
          />
        </div>
      ) : null}

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">
            {approval.kind === 'desk_trade' ? 'Booked by (the reason the customer reads)' : 'Requested by'}
          </dt>
          <dd className="text-slate-800">{person(approval.maker)}</dd>
          <dd className="mt-0.5 break-words text-slate-600">“{approval.makerReason}”</dd>
        </div>
        {waiting ? (
          <div>
            <dt className="text-xs font-medium text-slate-500">Waiting</dt>
            <dd className="text-slate-800">
              {formatWaitingTime(approval.createdAt, Date.now())}
              <span className="text-slate-500"> · since {formatDateTime(approval.createdAt)}</span>
            </dd>
          </div>
        ) : approval.status === 'expired' ? (
          // Nobody decided it: the server closed it once it could no longer be approved.
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">Expired</dt>
            {approval.decidedAt ? (
              <dd className="text-slate-800">{formatDateTime(approval.decidedAt)}</dd>
            ) : null}
            {approval.checkerReason ? (
              <dd className="mt-0.5 break-words text-slate-600">{approval.checkerReason}</dd>
            ) : null}
          </div>
        ) : approval.status === 'cancelled' ? (
          // Its maker withdrew it, or the customer cancelled the withdrawal: nobody else decided it.
          <DecidedBy label="Cancelled by" who={approval.cancelledBy ?? approval.maker} approval={approval} />
        ) : approval.checker ? (
          <DecidedBy
            label={approval.status === 'approved' ? 'Approved by' : 'Rejected by'}
            who={approval.checker}
            approval={approval}
          />
        ) : null}
      </dl>

      {waiting ? (
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
          {own ? (
            <>
              <p className="text-sm text-slate-500 sm:mr-auto">
                Your request: a different staff member decides it.
              </p>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => onDecide({ approval, kind: 'cancel' })}
              >
                Cancel request
              </Button>
            </>
          ) : !mayDecide ? (
            <p className="text-sm text-slate-500 sm:mr-auto">Your role cannot decide this request.</p>
          ) : (
            <>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => onDecide({ approval, kind: 'reject' })}
              >
                Reject
              </Button>
              <Button disabled={busy} onClick={() => onDecide({ approval, kind: 'approve' })}>
                Approve
              </Button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Who closed a request, when, and in their words. */
function DecidedBy({ label, who, approval }: { label: string; who: ApprovalPerson; approval: Approval }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-800">
        {person(who)}
        {approval.decidedAt ? (
          <span className="text-slate-500"> · {formatDateTime(approval.decidedAt)}</span>
        ) : null}
      </dd>
      {approval.checkerReason ? (
        <dd className="mt-0.5 break-words text-slate-600">“{approval.checkerReason}”</dd>
      ) : null}
    </div>
  );
}
