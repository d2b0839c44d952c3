import { z } from 'zod';

/**
 * /select-withdrawal?confirm=<id> opens the code step of a request awaiting confirmation (from the
 * flow itself or from the withdrawals list); without it the page starts with the choice of method.
 */
export const SelectWithdrawalSearchSchema = z.object({
  confirm: z.string().min(1).max(100).optional().catch(undefined),
});
