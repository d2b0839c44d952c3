import type { Approval } from '@candor/contracts/approvals';
import { ThresholdComparison } from '../../components/ui/threshold-comparison.tsx';
import { PendingChangePanel } from './pending-change-panel.tsx';

/**
 * The change of the four-eyes threshold waiting for a second staff member (docs/decisions/053): who
 * asked, why, since when, and the threshold in force beside the proposed one.
 */
export function PendingThresholdChange({ change }: { change: Approval }) {
  if (!change.thresholdChange) return null;
  return (
    <PendingChangePanel
      compact
      title="Threshold change awaiting approval"
      description="The threshold in force stays until a second staff member approves the change."
      change={change}
    >
      <ThresholdComparison change={change.thresholdChange} labels={['In force', 'Proposed']} />
    </PendingChangePanel>
  );
}
