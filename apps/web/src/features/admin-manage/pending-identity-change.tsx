import type { Approval } from '@candor/contracts/approvals';
import { IdentityRuleComparison } from '../../components/ui/identity-rule-comparison.tsx';
import { PendingChangePanel } from './pending-change-panel.tsx';

/**
 * Turning off "withdrawals need a verified identity", waiting for a second staff member (decision
 * 053, section of 2026-11-30): who asked, why, since when, and the value in force beside the proposed one.
 */
export function PendingIdentityChange({ change }: { change: Approval }) {
  if (!change.identityRuleChange) return null;
  return (
    <PendingChangePanel
      compact
      title="Identity requirement change awaiting approval"
      description="Withdrawals still need a verified identity until a second staff member approves turning it off."
      change={change}
    >
      <IdentityRuleComparison change={change.identityRuleChange} labels={['In force', 'Proposed']} />
    </PendingChangePanel>
  );
}
