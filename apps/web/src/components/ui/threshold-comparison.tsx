import type { ThresholdChangeRequest } from '@candor/contracts/approvals';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { SettingComparison } from './setting-comparison.tsx';

/** A four-eyes threshold as staff read it: "$1,000.00", or "Off" for 0. */
export function formatThreshold(dollars: string): string {
  return /^0+(\.0+)?$/.test(dollars) ? 'Off ($0.00)' : formatUsdDecimal(dollars);
}

/** What a change does to four-eyes, in a word: a waiting one always loosens it (docs/decisions/053). */
function changeWord({ after }: ThresholdChangeRequest): string {
  return formatThreshold(after).startsWith('Off') ? 'Turns four-eyes off' : 'Raises the threshold';
}

/**
 * The second approval threshold before and after a change, side by side (the columns are named by
 * `labels`: "In force" and "Proposed" while it waits), with what the change does.
 */
export function ThresholdComparison({
  change,
  labels,
}: {
  change: ThresholdChangeRequest;
  labels: readonly [string, string];
}) {
  return (
    <SettingComparison
      name="Second approval above"
      caption="Second approval threshold, before and after the change"
      effect={changeWord(change)}
      before={formatThreshold(change.before)}
      after={formatThreshold(change.after)}
      labels={labels}
      numeric
    />
  );
}
