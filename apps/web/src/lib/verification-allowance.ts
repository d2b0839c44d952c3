import { VerificationAllowanceSchema } from '@candor/contracts/verification-limits';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** What the customer may still deposit and withdraw before verifying their identity; re-read each time a form opens. */
export const verificationAllowanceQuery = queryOptions({
  queryKey: queryKeys.verificationAllowance,
  queryFn: ({ signal }) => apiRequest('/api/verification-limits', VerificationAllowanceSchema, { signal }),
  staleTime: 0,
});
