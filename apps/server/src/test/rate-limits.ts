import { RATE_LIMIT_POLICY_NAMES } from '../lib/rate-limit-policies.ts';

/**
 * The request limits of test apps and test servers: far above what any test file sends from its one address
 * (fifty simultaneous approvals, dozens of sign-ups), so only the tests of the limits themselves
 * (which pass their own RATE_LIMITS) meet them. Production keeps lib/rate-limit-policies.ts.
 */
export const TEST_RATE_LIMITS = RATE_LIMIT_POLICY_NAMES.map(
  (policy) => `${policy}.account=100000,${policy}.address=100000`,
).join(',');
