import { VerificationStatusSchema } from '@candor/contracts/verifications';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Where the signed-in customer's identity verification stands, with their submissions: /identity
 * reads it whole, /account its status.
 */
export const ownVerificationQuery = queryOptions({
  queryKey: queryKeys.ownVerification,
  queryFn: ({ signal }) => apiRequest('/api/verifications/me', VerificationStatusSchema, { signal }),
});
