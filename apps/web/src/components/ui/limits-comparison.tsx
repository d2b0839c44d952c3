import type { LimitsChangeRequest, UnverifiedLimits } from '@candor/contracts/approvals';
import { parseMinorUnits } from '@candor/domain/money/money';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { SettingComparison } from './setting-comparison.tsx';

/** Each 30-day limit of unverified accounts as the comparison names it. */
export const LIMIT_NAMES = {
  deposit: 'Largest deposit in 30 days',
  withdrawal: 'Largest withdrawal in 30 days',
} as const satisfies Record<keyof UnverifiedLimits, string>;

function cents(dollars: string): bigint {
  const parsed = parseMinorUnits(dollars);
  return parsed.ok ? parsed.value : 0n;
}

/** The limits a change moves (a waiting change raises at least one; the other may stay as it is). */
export function changedLimits(change: LimitsChangeRequest): (keyof UnverifiedLimits)[] {
  return (['deposit', 'withdrawal'] as const).filter(
    (limit) => cents(change.before[limit]) !== cents(change.after[limit]),
  );
}

/**
 * The unverified account limits before and after a change, side by side (the columns are named by
 * `labels`: "In force" and "Proposed" while it waits): one comparison for each limit that moves.
 */
export function LimitsComparison({
  change,
  labels,
}: {
  change: LimitsChangeRequest;
  labels: readonly [string, string];
}) {
  return (
    <div className="space-y-2">
      {changedLimits(change).map((limit) => (
        <SettingComparison
          key={limit}
          name={LIMIT_NAMES[limit]}
          caption={`${LIMIT_NAMES[limit]} of an unverified account, before and after the change`}
          effect={
            cents(change.after[limit]) > cents(change.before[limit]) ? 'Raises the limit' : 'Lowers the limit'
          }
          before={formatUsdDecimal(change.before[limit])}
          after={formatUsdDecimal(change.after[limit])}
          labels={labels}
          numeric
        />
      ))}
    </div>
  );
}
