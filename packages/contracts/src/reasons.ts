import { z } from 'zod';
import { customerText, staffOnlyText, type TextReader } from './staff-texts.ts';

/**
 * What every form and route says when a staff member's reason is missing or blank: one wording for
 * one rule (QA finding 12), in the seed's "… is required" form ("Name is required").
 */
export const REASON_REQUIRED = 'Reason is required';

/** How a module asks for a staff member's reason: its limit, and its words for a missing or long one. */
export type ReasonRules = {
  maxLength: number;
  /** Said when the reason is missing or blank (and when the body is missing altogether). */
  required: string;
  tooLong: string;
  /** Who reads the reason: a customer's is screened for payment demands (docs/decisions/050). */
  readBy: TextReader;
};

/**
 * The body `{ reason }` of a staff decision that must say why (PRODUCT.md §1, principle 5): every
 * rejection, and every approval that moves money (docs/decisions/044). The reason is trimmed and
 * 1 to `maxLength` characters; a refusal is 400 VALIDATION_FAILED in the module's own words (422
 * PAYMENT_DEMAND for a reason the customer reads that asks them to pay).
 */
export function reasonBodySchema({ maxLength, required, tooLong, readBy }: ReasonRules) {
  const reason = z.string({ error: required }).trim().min(1, required).max(maxLength, tooLong);
  return z.object(
    { reason: readBy === 'customer' ? customerText(reason) : staffOnlyText(reason) },
    { error: required },
  );
}
