import type { AuditFilter } from '@candor/contracts/audit';
import { REVERSED_RANGE_MESSAGE, SEARCH_MAX_LENGTH } from '@candor/contracts/search';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  DayRangeFields,
  FILTER_LABEL_CLASS,
  isReversedDayRange,
} from '../../components/ui/day-range-fields.tsx';
import { textControlClass } from '../../components/ui/labelled-field.tsx';

/**
 * The kinds of action the filter offers; a kind ending with a dot is every action of that kind.
 * Together they offer every action the server records (AUDIT_ACTIONS; audit-filters.test.ts).
 */
export const AUDIT_KINDS = [
  { value: '', label: 'All kinds' },
  { value: 'deposit.', label: 'Deposits' },
  { value: 'withdrawal.', label: 'Withdrawals' },
  { value: 'withdrawals.', label: 'Withdrawal freezes and waits' },
  { value: 'approval.', label: 'Second approvals' },
  { value: 'trade.', label: 'Trades' },
  { value: 'user.adjustment', label: 'Manual adjustments' },
  { value: 'user.', label: 'Customer accounts' },
  { value: 'two_factor.', label: 'Two-factor authentication' },
  { value: 'verification.', label: 'Identity verification' },
  { value: 'verification_reason.', label: 'Verification reasons' },
  { value: 'loans.', label: 'Loans' },
  { value: 'plans.', label: 'Plans' },
  { value: 'copytrading.', label: 'Strategy providers' },
  { value: 'users.export', label: 'Customer exports' },
  { value: 'audit.export', label: 'Audit log exports' },
  { value: 'staff.', label: 'Staff and roles' },
  { value: 'settings.', label: 'Settings' },
  { value: 'wallets.', label: 'Wallet addresses' },
  { value: 'housekeeping.', label: 'Housekeeping' },
] as const;

const EMPTY: AuditFilter = {};

/** The audit log's filters: staff member, customer, kind and dates; applied together. */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const [draft, setDraft] = useState<Record<keyof AuditFilter, string>>({
    actor: '',
    subject: '',
    kind: '',
    from: '',
    to: '',
  });
  const [rangeProblem, setRangeProblem] = useState<string | null>(null);
  const set = (name: keyof AuditFilter) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [name]: event.target.value }));
    if (name === 'from' || name === 'to') setRangeProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isReversedDayRange(draft.from, draft.to)) {
      setRangeProblem(REVERSED_RANGE_MESSAGE);
      return;
    }
    const filter: AuditFilter = {};
    for (const [name, value] of Object.entries(draft)) {
      if (value.trim()) filter[name as keyof AuditFilter] = value.trim();
    }
    onApply(filter);
  };
  const clear = () => {
    setDraft({ actor: '', subject: '', kind: '', from: '', to: '' });
    setRangeProblem(null);
    onApply(EMPTY);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto_auto]"
    >
      <div>
        <label htmlFor="audit-actor" className={FILTER_LABEL_CLASS}>
          Staff member
        </label>
        <input
          id="audit-actor"
          className={textControlClass(null)}
          placeholder="E-mail or id"
          maxLength={SEARCH_MAX_LENGTH}
          value={draft.actor}
          onChange={set('actor')}
        />
      </div>
      <div>
        <label htmlFor="audit-subject" className={FILTER_LABEL_CLASS}>
          Customer
        </label>
        <input
          id="audit-subject"
          className={textControlClass(null)}
          placeholder="E-mail or id"
          maxLength={SEARCH_MAX_LENGTH}
          value={draft.subject}
          onChange={set('subject')}
        />
      </div>
      <div>
        <label htmlFor="audit-kind" className={FILTER_LABEL_CLASS}>
          Kind
        </label>
        <select id="audit-kind" className={textControlClass(null)} value={draft.kind} onChange={set('kind')}>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
      </div>
      <DayRangeFields
        idPrefix="audit"
        from={draft.from}
        to={draft.to}
        onFromChange={set('from')}
        onToChange={set('to')}
        problem={rangeProblem}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">Apply</Button>
        <Button variant="ghost" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
