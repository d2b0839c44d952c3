/** Badge colours of each status label: deposits', withdrawals' and trades'. */
const STATUS_STYLES: Readonly<Record<string, string>> = {
  'Awaiting confirmation': 'bg-sky-100 text-sky-800',
  'On hold': 'bg-orange-100 text-orange-800',
  Pending: 'bg-amber-100 text-amber-800',
  'Awaiting second approval': 'bg-violet-100 text-violet-800',
  Approved: 'bg-emerald-100 text-emerald-800',
  Rejected: 'bg-red-100 text-red-700',
  // A desk booking that could no longer be approved (the Approvals tab).
  Expired: 'bg-slate-200 text-slate-700',
  // Trades: the customer's lists (Open, Profit, Loss) and the administrators' (Running, Closed).
  Open: 'bg-sky-100 text-sky-800',
  Running: 'bg-sky-100 text-sky-800',
  Profit: 'bg-emerald-100 text-emerald-800',
  Loss: 'bg-red-100 text-red-700',
  'Break-even': 'bg-slate-100 text-slate-700',
  Closed: 'bg-slate-200 text-slate-700',
  // Accounts (the Users tab): seed-spec §2 "Active or Blocked".
  Active: 'bg-emerald-100 text-emerald-800',
  Blocked: 'bg-red-100 text-red-700',
  // E-mail deliveries (the delivery log).
  'Kept (no SMTP)': 'bg-slate-100 text-slate-700',
  Sending: 'bg-sky-100 text-sky-800',
  Sent: 'bg-emerald-100 text-emerald-800',
  Retrying: 'bg-amber-100 text-amber-800',
  Failed: 'bg-red-100 text-red-700',
  // Identity verifications (the Verifications tab and /admin/verifications/{uid}).
  Verified: 'bg-emerald-100 text-emerald-800',
  'Not Verified': 'bg-slate-100 text-slate-700',
  'Pending review': 'bg-amber-100 text-amber-800',
  Declined: 'bg-red-100 text-red-700',
  'Resubmission requested': 'bg-orange-100 text-orange-800',
  // Loans (/trading-plans and the Loan applications tab).
  'Under review': 'bg-amber-100 text-amber-800',
  Overdue: 'bg-red-100 text-red-700',
  Repaid: 'bg-emerald-100 text-emerald-800',
  Unknown: 'bg-slate-100 text-slate-600',
  // Plans (the Plans tab).
  'On sale': 'bg-emerald-100 text-emerald-800',
  'Not on sale': 'bg-slate-100 text-slate-600',
};

/** A status label in its colour pill; a label without a colour of its own is grey. */
export function StatusBadge({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${className} ${STATUS_STYLES[label] ?? STATUS_STYLES.Unknown}`}
    >
      {label}
    </span>
  );
}
