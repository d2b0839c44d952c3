import { PlanListSchema, PlanSchema, type SavePlanRequest } from '@candor/contracts/plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Every plan of the catalogue, on sale or not (the Plans tab). */
export const adminPlansQuery = queryOptions({
  queryKey: queryKeys.adminPlans,
  queryFn: ({ signal }) => apiRequest('/api/admin/plans', PlanListSchema, { signal }),
});

/** Adds a plan (no id) or edits one. */
export function savePlan(id: string | null, plan: SavePlanRequest) {
  return apiRequest(id === null ? '/api/admin/plans' : `/api/admin/plans/${id}`, PlanSchema, {
    method: id === null ? 'POST' : 'PUT',
    body: plan,
  });
}
