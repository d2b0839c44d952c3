import type { WithdrawalMethod } from '@candor/contracts/withdrawals';
import { z } from 'zod';

/** The methods, written here so the router (in the first bundle) does not load the withdrawal contracts. */
const METHODS = [
  'bank',
  'crypto',
  'paypal',
  'cashapp',
  'gcash',
] as const satisfies readonly WithdrawalMethod[];
// Every method is listed: a method added to the contracts and not here fails the typecheck.
type Unlisted = Exclude<WithdrawalMethod, (typeof METHODS)[number]>;
export const EVERY_METHOD_LISTED: [Unlisted] extends [never] ? true : false = true;

/**
 * /select-withdrawal?confirm=<id> opens the code step of a request awaiting confirmation (from the
 * flow itself or from the withdrawals list); without it the page starts with the choice of method.
 * ?method=<method> is the chosen method's form: in the address, so the browser's Back goes from the
 * form to the choice.
 */
export const SelectWithdrawalSearchSchema = z.object({
  confirm: z.string().min(1).max(100).optional().catch(undefined),
  method: z.enum(METHODS).optional().catch(undefined),
});
