import type { IdentityRuleChangeRequest } from '@candor/contracts/approvals';
import { IDENTITY_RULE_MESSAGES } from '@candor/contracts/settings';

/** "Withdrawals need a verified identity" as staff read it: on or off, and what that means. */
export function identityRuleText(required: boolean): string {
  return required ? IDENTITY_RULE_MESSAGES.on : IDENTITY_RULE_MESSAGES.off;
}

/**
 * "Withdrawals need a verified identity" before and after a change, side by side (the columns are
 * named by `labels`: "In force" and "Proposed" while it waits), with what the change does.
 */
export function IdentityRuleComparison({
  change,
  labels,
}: {
  change: IdentityRuleChangeRequest;
  labels: readonly [string, string];
}) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-x-2 text-left text-xs sm:border-spacing-x-3">
      <caption className="sr-only">Identity requirement for withdrawals, before and after the change</caption>
      <thead>
        <tr>
          {labels.map((label) => (
            <th key={label} scope="col" className="pb-1 font-medium text-slate-500">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody aria-label="Identity requirement for withdrawals">
        <tr>
          <th scope="rowgroup" colSpan={2} className="pt-3 pb-1 font-semibold text-slate-700">
            Identity requirement for withdrawals
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 font-medium whitespace-nowrap text-amber-800">
              {change.after ? 'Turns it on' : 'Lets unverified accounts withdraw'}
            </span>
          </th>
        </tr>
        <tr className="align-top">
          <td className="rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-800 line-through decoration-red-300">
            {identityRuleText(change.before)}
          </td>
          <td className="rounded-md bg-emerald-50 px-2 py-1.5 text-sm font-medium text-emerald-900">
            {identityRuleText(change.after)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
