import { APPROVAL_MESSAGES, type Approval } from '@candor/contracts/approvals';
import { isStaffRole, STAFF_ROLE_LABELS } from '@candor/contracts/staff';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { ThresholdComparison } from '../../components/ui/threshold-comparison.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

function personText(who: Approval['maker']): string {
  const role = isStaffRole(who.role) ? STAFF_ROLE_LABELS[who.role] : who.role;
  return `${who.name} (${role})`;
}

/**
 * The change of the four-eyes threshold waiting for a second staff member (docs/decisions/053): who
 * asked, why, since when, and the threshold in force beside the proposed one.
 */
export function PendingThresholdChange({ change }: { change: Approval }) {
  if (!change.thresholdChange) return null;
  return (
    <section
      aria-label="Threshold change awaiting approval"
      className="rounded-lg border border-violet-200 bg-violet-50/60 p-4 sm:col-span-2"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Threshold change awaiting approval</h3>
        <StatusBadge label={APPROVAL_MESSAGES.awaiting} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        The threshold in force stays until a second staff member approves the change.{' '}
        <Link
          to="/all-user"
          search={{ tab: 'approvals' }}
          className="font-medium text-brand-700 hover:underline"
        >
          Open the Approvals tab
        </Link>
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">Requested by</dt>
          <dd className="text-slate-800">{personText(change.maker)}</dd>
          <dd className="mt-0.5 break-words text-slate-600">“{change.makerReason}”</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">Since</dt>
          <dd className="text-slate-800">{formatDateTime(change.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-3 rounded-lg border border-violet-100 bg-white py-2">
        <ThresholdComparison change={change.thresholdChange} labels={['In force', 'Proposed']} />
      </div>
    </section>
  );
}
