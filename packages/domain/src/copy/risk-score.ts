import { findInstrument } from '../market/instruments.ts';
import { formatDecimal } from '../money/money.ts';
import { computeExposure, formatLotSize, roundHalfAwayFromZero } from '../trading/trade-result.ts';

/** An open position as the risk score sees it: what it trades, its margin and its lot size. */
export type RiskPosition = { symbol: string; amountCents: bigint; lotHundredths: number };

/**
 * The swing bands, in percent of equity a year (basis points here): a yearly swing below
 * `belowBps` scores `score`; at or above the last band's bound, 10.
 */
export const RISK_SCORE_BANDS = [
  { score: 1, belowBps: 100 },
  { score: 2, belowBps: 300 },
  { score: 3, belowBps: 600 },
  { score: 4, belowBps: 1_200 },
  { score: 5, belowBps: 3_000 },
  { score: 6, belowBps: 4_500 },
  { score: 7, belowBps: 7_000 },
  { score: 8, belowBps: 10_000 },
  { score: 9, belowBps: 20_000 },
] as const;

/** Points added for leverage: the highest lot size among the open positions above `aboveLot`. */
export const RISK_SCORE_LEVERAGE_STEPS = [
  { aboveLotHundredths: 2_000, points: 1 },
  { aboveLotHundredths: 10_000, points: 2 },
] as const;

export const MIN_RISK_SCORE = 1;
export const MAX_RISK_SCORE = 10;

/**
 * How the risk score is computed, in the words published on the provider page (the same rules
 * as `computeRiskScore`, which is checked against them by its tests).
 */
export const RISK_SCORE_METHOD = [
  'The risk score runs from 1 (lowest) to 10 (highest). It is computed from the open positions and the equity of the account, never entered by anyone.',
  'Step 1, exposure: each open position controls its amount × its lot size.',
  "Step 2, volatility: each position's exposure is multiplied by how much its instrument's price usually moves in a year (its annual volatility: about 6–10 % for currency pairs, 25–40 % for stocks, 60–90 % for crypto).",
  'Step 3, yearly swing: those products are added up and divided by the equity (cash, reserved funds and the results of open positions). This is how much the equity could swing in a year if all positions moved together by their usual amount.',
  'Step 4, the score: a yearly swing below 1 % scores 1; below 3 %, 2; below 6 %, 3; below 12 %, 4; below 30 %, 5; below 45 %, 6; below 70 %, 7; below 100 %, 8; below 200 %, 9; 200 % or more, 10.',
  'Step 5, leverage: one point is added when any open position uses a lot size above 20 (a 5 % move against it takes its whole amount), two points when one uses a lot size above 100 (a 1 % move). The score never goes above 10.',
  'An account with no open positions scores 1. More exposure, more volatile instruments, less equity or more leverage never lower the score. The score describes the positions held now; it does not predict future results.',
] as const;

export type RiskScore = {
  /** 1 to 10. */
  score: number;
  /** Σ(exposure × annual volatility) ÷ equity, percent, "20.00"; null when equity is zero or less. */
  yearlySwingPercent: string | null;
  /** Σ exposure ÷ equity, percent, "250.00"; null when equity is zero or less. */
  exposurePercent: string | null;
  /** Σ(exposure × annual volatility) ÷ Σ exposure, percent; null without open positions. */
  averageVolatilityPercent: string | null;
  /** The highest lot size among the open positions, "20.00"; null without open positions. */
  highestLotSize: string | null;
};

function volatilityBps(symbol: string): bigint {
  const spec = findInstrument(symbol);
  if (!spec) throw new Error(`unknown instrument ${symbol}`);
  return BigInt(Math.round(spec.annualVolatility * 10_000));
}

/** numerator ÷ denominator as a percent with two decimals, halves away from zero: (1, 4) → "25.00". */
function percentOf(numerator: bigint, denominator: bigint): string {
  return formatDecimal(roundHalfAwayFromZero(numerator * 10_000n, denominator), 2);
}

/**
 * The risk score of an account, 1 to 10, published on the provider page (RISK_SCORE_METHOD):
 *
 * 1. exposure of each open position = amount × lot size (`computeExposure`);
 * 2. weighted by the annual volatility of its instrument (the instrument catalogue's figure);
 * 3. yearly swing = Σ(exposure × annual volatility) ÷ equity;
 * 4. the swing's band (RISK_SCORE_BANDS): below 1 % → 1, 3 % → 2, 6 % → 3, 12 % → 4, 30 % → 5,
 *    45 % → 6, 70 % → 7, 100 % → 8, 200 % → 9, else 10;
 * 5. plus 1 when the highest lot size among open positions is above 20, plus 2 above 100
 *    (RISK_SCORE_LEVERAGE_STEPS), capped at 10.
 *
 * Bands are compared exactly (volatility in whole basis points, cents in bigint), so no rounding
 * decides a score; the percents returned for display are rounded to the nearest hundredth, halves
 * away from zero. No open positions: 1. Open positions with equity of zero or less: 10.
 */
export function computeRiskScore(input: {
  equityCents: bigint;
  positions: readonly RiskPosition[];
}): RiskScore {
  const { equityCents, positions } = input;
  let exposure = 0n;
  let weighted = 0n; // Σ exposure × volatility in basis points
  let highestLot = 0;
  for (const p of positions) {
    if (p.amountCents <= 0n || !Number.isInteger(p.lotHundredths) || p.lotHundredths <= 0) {
      throw new Error('an open position has a positive amount and lot size');
    }
    const positionExposure = computeExposure(p.amountCents, p.lotHundredths);
    exposure += positionExposure;
    weighted += positionExposure * volatilityBps(p.symbol);
    highestLot = Math.max(highestLot, p.lotHundredths);
  }
  const open = positions.length > 0;
  const leveragePoints = RISK_SCORE_LEVERAGE_STEPS.reduce(
    (points, step) => (highestLot > step.aboveLotHundredths ? step.points : points),
    0,
  );
  const details = {
    averageVolatilityPercent: open && exposure > 0n ? percentOf(weighted, exposure * 10_000n) : null,
    highestLotSize: open ? formatLotSize(highestLot) : null,
  };
  if (equityCents <= 0n) {
    return {
      score: open ? MAX_RISK_SCORE : MIN_RISK_SCORE,
      yearlySwingPercent: null,
      exposurePercent: null,
      ...details,
    };
  }
  // swing in basis points of equity = weighted ÷ equity; band: swing < belowBps ⇔ weighted < belowBps × equity
  const band =
    RISK_SCORE_BANDS.find((b) => weighted < BigInt(b.belowBps) * equityCents)?.score ?? MAX_RISK_SCORE;
  return {
    score: Math.min(MAX_RISK_SCORE, band + leveragePoints),
    yearlySwingPercent: percentOf(weighted, equityCents * 10_000n),
    exposurePercent: percentOf(exposure, equityCents),
    ...details,
  };
}
