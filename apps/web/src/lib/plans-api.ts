import { MyPlansSchema, type PlanKind, PlanListSchema } from '@candor/contracts/plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The plans on sale of one kind, in rank order (the plan pages; the catalogue is shared by several features). */
export function plansQuery(kind: PlanKind) {
  return queryOptions({
    queryKey: queryKeys.plans(kind),
    queryFn: ({ signal }) => apiRequest(`/api/plans?kind=${kind}`, PlanListSchema, { signal }),
  });
}

/** The signed-in customer's plans: the active ones (one per kind at most) and recent ended ones. */
export const ownPlansQuery = queryOptions({
  queryKey: queryKeys.ownPlans,
  queryFn: ({ signal }) => apiRequest('/api/plans/mine', MyPlansSchema, { signal }),
});
