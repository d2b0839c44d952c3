import { APPROVAL_MESSAGES, type Approval } from '@candor/contracts/approvals';
import { isStaffRole, STAFF_ROLE_LABELS } from '@candor/contracts/staff';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

function personText(who: Approval['maker']): string {
  const role = isStaffRole(who.role) ? STAFF_ROLE_LABELS[who.role] : who.role;
  return `${who.name} (${role})`;
}

/**
 * A settings change waiting for a second staff member (docs/decisions/048 and 053): what it is, who
 * asked and why, since when, a link to the Approvals tab, and `children` (the values in force beside
 * the proposed ones). `compact` is the panel inside a form's section; otherwise it is a section of
 * the page.
 */
export function PendingChangePanel({
  title,
  description,
  change,
  compact = false,
  children,
}: {
  title: string;
  description: string;
  change: Approval;
  compact?: boolean;
  children: ReactNode;
}) {
  const Heading = compact ? 'h3' : 'h2';
  const gap = compact ? 'mt-3' : 'mt-4';
  return (
    <section
      aria-label={title}
      className={
        compact
          ? 'rounded-lg border border-violet-200 bg-violet-50/60 p-4 sm:col-span-2'
          : 'rounded-xl border border-violet-200 bg-violet-50/60 p-5 shadow-sm sm:p-6'
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <Heading className={`${compact ? 'text-sm' : 'text-base'} font-semibold text-slate-900`}>
          {title}
        </Heading>
        <StatusBadge label={APPROVAL_MESSAGES.awaiting} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {description}{' '}
        <Link
          to="/all-user"
          search={{ tab: 'approvals' }}
          className="font-medium text-brand-700 hover:underline"
        >
          Open the Approvals tab
        </Link>
      </p>
      <dl className={`${gap} grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2`}>
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
      <div className={`${gap} rounded-lg border border-violet-100 bg-white py-2`}>{children}</div>
    </section>
  );
}
