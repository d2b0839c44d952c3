import type { PlanKind, PlanList } from '@candor/contracts/plans';
import type { Db } from '../../db/client.ts';
import { toPlan } from './plan-rows.ts';
import { selectPlans } from './plans.repository.ts';

/** The plans on sale, of one kind or all, as the plan pages show them. */
export async function listPlansOnSale(db: Db, kind: PlanKind | undefined): Promise<PlanList> {
  const rows = await selectPlans(db, kind);
  return { items: rows.filter((row) => row.onSale).map(toPlan) };
}
