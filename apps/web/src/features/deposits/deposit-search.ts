import { z } from 'zod';

/**
 * /deposit's address, as the route reads it (kept light: the router is in the first bundle).
 * `step` (2 or 3; none is step 1) puts the step in the address, so the browser's Back goes to the
 * previous step. `amount` and `plan` come from a plan's PURCHASE PLAN without enough available
 * cash; the page checks the amount itself. Anything malformed is dropped.
 */
export const DepositSearchSchema = z.object({
  amount: z
    .union([z.string().max(40), z.number()])
    .optional()
    .catch(undefined),
  plan: z.string().max(60).optional().catch(undefined),
  step: z
    .union([z.literal(2), z.literal(3)])
    .optional()
    .catch(undefined),
});
