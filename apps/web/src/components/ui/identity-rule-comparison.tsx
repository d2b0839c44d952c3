import type { IdentityRuleChangeRequest } from '@candor/contracts/approvals';
import { IDENTITY_RULE_MESSAGES } from '@candor/contracts/settings';
import { SettingComparison } from './setting-comparison.tsx';

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
    <SettingComparison
      name="Identity requirement for withdrawals"
      caption="Identity requirement for withdrawals, before and after the change"
      effect={change.after ? 'Turns it on' : 'Lets unverified accounts withdraw'}
      before={identityRuleText(change.before)}
      after={identityRuleText(change.after)}
      labels={labels}
    />
  );
}
