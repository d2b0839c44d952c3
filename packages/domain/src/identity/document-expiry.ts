/** An identity document's expiry date, checked when it is submitted (both YYYY-MM-DD, UTC days). */

/** The furthest ahead an expiry may be: passports and ID cards run 10 years, some 15; beyond 20 is a typo. */
export const DOCUMENT_EXPIRY_MAX_YEARS = 20;

export type DocumentExpiryProblem = 'EXPIRED' | 'TOO_FAR';

/**
 * What is wrong with a document expiring on `expiry` when submitted on `today`, or undefined. A
 * document is valid through its expiry date, as a verification holds through it (it lapses the day
 * after): one expiring today is valid today. An expiry more than DOCUMENT_EXPIRY_MAX_YEARS years
 * after today is taken for a typo. Both dates are well-formed YYYY-MM-DD, so they compare as text.
 */
export function findDocumentExpiryProblem(expiry: string, today: string): DocumentExpiryProblem | undefined {
  if (expiry < today) return 'EXPIRED';
  if (expiry > latestExpiry(today)) return 'TOO_FAR';
  return undefined;
}

/** The same month and day DOCUMENT_EXPIRY_MAX_YEARS years after `today` (29 February stays: it compares as text). */
function latestExpiry(today: string): string {
  const year = Number(today.slice(0, 4)) + DOCUMENT_EXPIRY_MAX_YEARS;
  return `${String(year).padStart(4, '0')}${today.slice(4)}`;
}
