import type { Approval } from '@candor/contracts/approvals';
import { LimitsComparison } from '../../components/ui/limits-comparison.tsx';
import { PendingChangePanel } from './pending-change-panel.tsx';

/**
 * Raising the unverified account limits, waiting for a second staff member (decision 053, section of
 * 2026-12-01): who asked, why, since when, and each limit in force beside the proposed one.
 */
export function PendingLimitsChange({ change }: { change: Approval }) {
  if (!change.limitsChange) return null;
  return (
    <PendingChangePanel
      compact
      title="Limit change awaiting approval"
      description="The limits in force stay until a second staff member approves raising them."
      change={change}
    >
      <LimitsComparison change={change.limitsChange} labels={['In force', 'Proposed']} />
    </PendingChangePanel>
  );
}
