import { z } from 'zod';

/**
 * Whether a text shows anything: a character other than white space and the invisible format
 * characters (zero-width spaces and joiners, direction marks, the byte-order mark: \p{Cf}) that
 * trim() keeps. A required name or number made only of those is as missing as a blank one.
 */
export function showsSomething(text: string): boolean {
  return /[^\s\p{Cf}]/u.test(text);
}

/** The text itself when it shows something; otherwise empty. */
function emptyWhenInvisible(text: string): string {
  return showsSomething(text) ? text : '';
}

/**
 * `schema` with a first check that reads a text of only white space and invisible characters as
 * empty, before its own checks run: a required text is told its own required message (its
 * `.min(1, …)` or the refinement that asks for it), an optional one is left out as an empty one is.
 * Used by every text staff write (customerText, staffOnlyText): no field can forget it; and by every
 * text a customer writes (names, addresses, document details, codes: docs/decisions/064), so both
 * sides say the same thing of the same text.
 */
export function readInvisibleAsEmpty<T extends z.ZodString>(schema: T): T {
  const def = schema._zod.def;
  return schema.clone({ ...def, checks: [z.overwrite(emptyWhenInvisible), ...(def.checks ?? [])] });
}
