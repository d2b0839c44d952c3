import type { SignalDirection } from '@candor/contracts/market';
import type { OhlcCandle } from '@candor/domain/market/candle';
import { EMA, MACD, RSI, SMA, StochasticOscillator } from 'trading-signals';

/** -1 sell, 0 neutral, +1 buy. */
export type Vote = -1 | 0 | 1;

export type SignalResult = {
  /** 0 (every indicator says sell) … 50 (neutral) … 100 (every indicator says buy). */
  rating: number;
  direction: SignalDirection;
  /** Unix seconds of the last candle used. */
  asOf: number;
  /** Each indicator's vote, by name ("SMA(50)", "RSI(14)" …); indicators short of candles are absent. */
  votes: Record<string, Vote>;
};

/** Candles the rating looks at: enough for the 200-period averages to settle. */
export const SIGNAL_CANDLES = 250;
const MA_PERIODS = [10, 20, 50, 100, 200] as const;

/** Equal within float noise, relative to `scale` (a price). */
function compareWithin(a: number, b: number, scale: number): Vote {
  if (Math.abs(a - b) <= Math.abs(scale) * 1e-9) return 0;
  return a > b ? 1 : -1;
}

/** 80 % and more is a strong buy, 60 % a buy, 40 % to 60 % neutral, 20 % a sell, below a strong sell. */
export function directionOf(rating: number): SignalDirection {
  if (rating >= 80) return 'strong_buy';
  if (rating >= 60) return 'buy';
  if (rating > 40) return 'neutral';
  if (rating > 20) return 'sell';
  return 'strong_sell';
}

function movingAverageVotes(closes: readonly number[], last: number): Record<string, Vote> {
  const votes: Record<string, Vote> = {};
  for (const period of MA_PERIODS) {
    if (closes.length < period) continue;
    const sma = new SMA(period);
    const ema = new EMA(period);
    for (const close of closes) {
      sma.add(close);
      ema.add(close);
    }
    // Price above its average: buy; below: sell.
    votes[`SMA(${period})`] = compareWithin(last, sma.getResultOrThrow(), last);
    votes[`EMA(${period})`] = compareWithin(last, ema.getResultOrThrow(), last);
  }
  return votes;
}

function oscillatorVotes(
  candles: readonly { high: number; low: number; close: number }[],
): Record<string, Vote> {
  const votes: Record<string, Vote> = {};
  const last = candles.at(-1)?.close ?? 0;
  const rsi = new RSI(14);
  const macd = new MACD(new EMA(12), new EMA(26), new EMA(9));
  const stochastic = new StochasticOscillator({ kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 });
  const rsiValues: number[] = [];
  for (const candle of candles) {
    const value = rsi.add(candle.close);
    if (value !== null) rsiValues.push(value);
    macd.add(candle.close);
    stochastic.add(candle);
  }
  // RSI(14): oversold (< 30) and turning up is a buy, overbought (> 70) and turning down a sell.
  const [previousRsi, currentRsi] = rsiValues.slice(-2);
  if (previousRsi !== undefined && currentRsi !== undefined) {
    const turn = compareWithin(currentRsi, previousRsi, 100);
    votes['RSI(14)'] = currentRsi < 30 && turn > 0 ? 1 : currentRsi > 70 && turn < 0 ? -1 : 0;
  }
  // MACD(12, 26, 9): line above its signal line is a buy, below a sell.
  const macdResult = macd.getResult();
  if (macdResult && candles.length >= 26 + 9) {
    votes['MACD(12,26,9)'] = compareWithin(macdResult.macd, macdResult.signal, last);
  }
  // Stochastic(14, 3, 3): %K below 20 and above %D is a buy, above 80 and below %D a sell.
  const stoch = stochastic.getResult();
  if (stoch) {
    const cross = compareWithin(stoch.stochK, stoch.stochD, 100);
    votes['Stoch(14,3,3)'] = stoch.stochK < 20 && cross > 0 ? 1 : stoch.stochK > 80 && cross < 0 ? -1 : 0;
  }
  return votes;
}

function mean(votes: readonly Vote[]): number {
  return votes.reduce<number>((sum, vote) => sum + vote, 0) / votes.length;
}

/**
 * The technical rating of an instrument from its candles (oldest first; the last SIGNAL_CANDLES
 * are used): moving averages and oscillators each vote buy (+1), neutral (0) or sell (-1); the
 * rating is 50 + 50 × the average of the two groups' mean votes, rounded. Undefined when there
 * are too few candles for any indicator.
 */
export function rateSignal(candles: readonly OhlcCandle[]): SignalResult | undefined {
  const used = candles.slice(-SIGNAL_CANDLES).map((c) => ({
    time: c.time,
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
  }));
  const lastCandle = used.at(-1);
  if (!lastCandle) return undefined;
  const closes = used.map((c) => c.close);
  const averages = movingAverageVotes(closes, lastCandle.close);
  const oscillators = oscillatorVotes(used);
  const groups = [Object.values(averages), Object.values(oscillators)].filter((group) => group.length > 0);
  if (groups.length === 0) return undefined;
  const score = groups.reduce((sum, group) => sum + mean(group), 0) / groups.length;
  const rating = Math.round(50 + 50 * score);
  return {
    rating,
    direction: directionOf(rating),
    asOf: lastCandle.time,
    votes: { ...averages, ...oscillators },
  };
}
