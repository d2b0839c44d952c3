/**
 * Named rounding rule `roundDown`: numerator ÷ denominator (numerator ≥ 0, denominator > 0) to the
 * whole unit at or below the exact value. Copy trading rounds every amount a customer gives up or
 * risks this way: a copy never risks more than its share, a follower never pays more than the
 * exact profit share.
 */
export function roundDown(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  if (numerator < 0n) throw new Error('roundDown rounds amounts that are not negative');
  // bigint division truncates toward zero: for a non-negative numerator that is rounding down.
  return numerator / denominator;
}
