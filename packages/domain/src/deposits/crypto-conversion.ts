import { parseDecimal } from '../money/decimal.ts';
import { err, ok, type Result } from '../result.ts';

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/**
 * The coin amount a customer must send for `amountCents` US cents at `usdPerCoin`, in the coin's
 * smallest unit, rounded UP to `quoteDecimals` decimals (the deposit screen shows 6): rounding up
 * means the coins sent always cover the dollar amount credited. Named rule: `roundUpToQuoteDecimals`.
 */
export function convertUsdToCoin(input: {
  amountCents: bigint;
  usdPerCoin: string;
  coinDecimals: number;
  quoteDecimals: number;
}): Result<bigint, 'INVALID_RATE'> {
  const rate = parseDecimal(input.usdPerCoin);
  if (!rate.ok || rate.value.units === 0n) return err('INVALID_RATE');
  if (input.quoteDecimals > input.coinDecimals) throw new Error('quote decimals exceed the coin decimals');
  // coins = cents / 100 / (units / 10^scale) = cents * 10^scale / (100 * units)
  // in quote units (10^quoteDecimals per coin), rounded up:
  const numerator = input.amountCents * 10n ** BigInt(rate.value.scale) * 10n ** BigInt(input.quoteDecimals);
  const denominator = 100n * rate.value.units;
  const quoteUnits = ceilDiv(numerator, denominator);
  return ok(quoteUnits * 10n ** BigInt(input.coinDecimals - input.quoteDecimals));
}

/** Formats an amount in a coin's smallest unit with `shownDecimals` decimals ("0.001234"). */
export function formatCoinAmount(baseUnits: bigint, coinDecimals: number, shownDecimals: number): string {
  const divisor = 10n ** BigInt(coinDecimals - shownDecimals);
  if (baseUnits % divisor !== 0n) throw new Error('amount has more decimals than shown');
  const shown = baseUnits / divisor;
  const scale = 10n ** BigInt(shownDecimals);
  const whole = shown / scale;
  const fraction = (shown % scale).toString().padStart(shownDecimals, '0');
  return shownDecimals === 0 ? whole.toString() : `${whole}.${fraction}`;
}
