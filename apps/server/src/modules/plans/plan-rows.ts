import type { Plan, PlanPurchase } from '@candor/contracts/plans';
import { formatDecimal } from '@candor/domain/money/money';
import type { PlanPurchaseRow, PlanRow } from './plans.repository.ts';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: row.priceMinor === null ? null : formatDecimal(row.priceMinor),
    durationDays: row.durationDays,
    onSale: row.onSale,
    rank: row.rank,
    features: row.features,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A purchase as its buyer sees it: the terms it was bought with, and whether it still gives them at `now`. */
export function toPlanPurchase(row: PlanPurchaseRow, now: Date): PlanPurchase {
  const features = row.features;
  if (features.kind === 'loan') throw new Error(`purchase ${row.id} holds loan terms`);
  const expired = row.expiresAt !== null && row.expiresAt <= (row.replacedAt ?? now);
  return {
    id: row.id,
    planId: row.planId,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: formatDecimal(row.priceMinor),
    durationDays: row.durationDays,
    features,
    purchasedAt: row.purchasedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    replacedAt: row.replacedAt?.toISOString() ?? null,
    replacementCredit: row.replacementCreditMinor === null ? null : formatDecimal(row.replacementCreditMinor),
    status: expired ? 'expired' : row.replacedAt !== null ? 'replaced' : 'active',
  };
}
