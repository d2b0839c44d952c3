/**
 * What a running plan returns when a higher-ranked plan of its kind replaces it (issue 13): the
 * unused part of its price, pro rata by the time left of its period, ROUNDED DOWN TO THE CENT
 * (the platform never credits more than the unused part). A plan without an end date credits 0:
 * it has no unused part to measure. A plan already over credits 0.
 */
export function computeReplacementCredit(input: {
  priceMinor: bigint;
  purchasedAt: Date;
  expiresAt: Date | null;
  replacedAt: Date;
}): bigint {
  const { priceMinor, purchasedAt, expiresAt, replacedAt } = input;
  if (priceMinor < 0n) throw new Error('a price is never below zero');
  if (expiresAt === null) return 0n;
  const total = BigInt(expiresAt.getTime() - purchasedAt.getTime());
  if (total <= 0n) return 0n;
  const left = BigInt(expiresAt.getTime() - Math.max(replacedAt.getTime(), purchasedAt.getTime()));
  if (left <= 0n) return 0n;
  // bigint division truncates toward zero; both factors are positive, so this is rounding down.
  return (priceMinor * left) / total;
}
