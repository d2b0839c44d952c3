import { z } from 'zod';

/** How a module asks for a staff member's reason: its limit, and its words for a missing or long one. */
export type ReasonRules = {
  maxLength: number;
  /** Said when the reason is missing or blank (and when the body is missing altogether). */
  required: string;
  tooLong: string;
};

/**
 * The body `{ reason }` of a staff decision that must say why (PRODUCT.md §1, principle 5): every
 * rejection, and every approval that moves money (docs/decisions/044). The reason is trimmed and
 * 1 to `maxLength` characters; a refusal is 400 VALIDATION_FAILED in the module's own words.
 */
export function reasonBodySchema({ maxLength, required, tooLong }: ReasonRules) {
  return z.object(
    { reason: z.string({ error: required }).trim().min(1, required).max(maxLength, tooLong) },
    { error: required },
  );
}
