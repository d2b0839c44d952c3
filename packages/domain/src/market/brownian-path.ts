import { drawBridgeInto } from './brownian-bridge.ts';
import {
  MINUTE_SECONDS,
  type MinuteLine,
  minuteBound,
  minuteExtreme,
  minutesBound,
  SHAPE_COUNT,
  secondValue,
} from './second-shapes.ts';
import {
  createNormalSource,
  hashCounter,
  hashString,
  hashWords,
  integerWords,
  normalFromKey,
} from './seeded-random.ts';

/**
 * A standard Brownian motion W over whole seconds (variance 1 per second, W = 0 at the anchor),
 * built top-down so that any minute can be produced without walking from the anchor:
 *
 * - blocks of 32 days: W at block boundaries is a cumulative sum of seeded normal steps, forwards
 *   and (before the anchor) backwards from W(0) = 0;
 * - days inside a block, hours inside a day, minutes inside an hour: Brownian bridges between the
 *   parent's endpoints, each drawn from its own counter-based stream (seed, symbol, level, index);
 * - seconds inside a minute: the line between the minute's endpoints plus a standard bridge from
 *   the constant table of second-shapes.ts, chosen by the minute's hash: a second is a lookup.
 *
 * Floats are fine here: this is a simulation, not money. A second is always computed by
 * `secondValue`, so a minute computed alone equals the same minute inside a range.
 */

const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;
const DAYS_PER_BLOCK = 32;
const HOUR_SECONDS = MINUTES_PER_HOUR * MINUTE_SECONDS;
const DAY_SECONDS = HOURS_PER_DAY * HOUR_SECONDS;
const BLOCK_SECONDS = DAYS_PER_BLOCK * DAY_SECONDS;

/** Stream names: which level of the path a random draw belongs to. */
const LEVEL = { blockSteps: 1, daysOfBlock: 2, hoursOfDay: 3, minutesOfHour: 4, secondsOfMinute: 5 } as const;

/** W over a stretch of whole minutes: at its first and last second, and its extremes. */
export type PathSummary = { open: number; high: number; low: number; close: number };

export type BrownianPath = {
  /** W at second `second` (0…59) of the minute that starts `minuteIndex` minutes after the anchor. */
  valueAt(minuteIndex: number, second: number): number;
  /** W over the seconds of `minuteCount` minutes from `firstMinuteIndex`. */
  summarize(firstMinuteIndex: number, minuteCount: number): PathSummary;
};

/** The path of one instrument under one seed. Keeps the last block, day, hour and minute it drew. */
export function createBrownianPath(seed: number, symbol: string): BrownianPath {
  const pathKey = hashWords([...integerWords(seed), hashString(symbol)]);
  const stream = (level: number, index: number) => createNormalSource(hashCounter(pathKey, level, index));

  // A block step needs one normal: drawn straight from its key, without a generator.
  const blockStepDeviation = Math.sqrt(BLOCK_SECONDS);
  const blockStep = (index: number) =>
    blockStepDeviation * normalFromKey(hashCounter(pathKey, LEVEL.blockSteps, index));

  /** W at the start of block `k`: the sum of the block steps between the anchor and it. */
  const blockBoundary = (k: number): number => {
    let sum = 0;
    if (k >= 0) {
      for (let i = 0; i < k; i++) sum += blockStep(i);
    } else {
      for (let i = -1; i >= k; i--) sum -= blockStep(i);
    }
    return sum;
  };

  // The last block, day and hour drawn: their index and boundary values, overwritten in place.
  let blockIndexDrawn = Number.NaN;
  let dayIndexDrawn = Number.NaN;
  let hourIndexDrawn = Number.NaN;
  const days = new Float64Array(DAYS_PER_BLOCK + 1);
  const hours = new Float64Array(HOURS_PER_DAY + 1);
  const minutes = new Float64Array(MINUTES_PER_HOUR + 1);

  const drawDays = (blockIndex: number): void => {
    if (blockIndex === blockIndexDrawn) return;
    const start = blockBoundary(blockIndex);
    const end = blockBoundary(blockIndex + 1);
    drawBridgeInto(days, 0, stream(LEVEL.daysOfBlock, blockIndex), start, end, DAYS_PER_BLOCK, DAY_SECONDS);
    blockIndexDrawn = blockIndex;
  };

  const drawHours = (dayIndex: number): void => {
    if (dayIndex === dayIndexDrawn) return;
    const blockIndex = Math.floor(dayIndex / DAYS_PER_BLOCK);
    drawDays(blockIndex);
    const d = dayIndex - blockIndex * DAYS_PER_BLOCK;
    drawBridgeInto(
      hours,
      0,
      stream(LEVEL.hoursOfDay, dayIndex),
      days[d]!,
      days[d + 1]!,
      HOURS_PER_DAY,
      HOUR_SECONDS,
    );
    dayIndexDrawn = dayIndex;
  };

  const drawMinutes = (hourIndex: number): void => {
    if (hourIndex === hourIndexDrawn) return;
    const dayIndex = Math.floor(hourIndex / HOURS_PER_DAY);
    drawHours(dayIndex);
    const h = hourIndex - dayIndex * HOURS_PER_DAY;
    const next = stream(LEVEL.minutesOfHour, hourIndex);
    drawBridgeInto(minutes, 0, next, hours[h]!, hours[h + 1]!, MINUTES_PER_HOUR, MINUTE_SECONDS);
    hourIndexDrawn = hourIndex;
  };

  let minuteIndexDrawn = Number.NaN;
  let line: MinuteLine = { start: 0, delta: 0, sign: 1, shape: 0, reversed: false };

  const minuteLine = (minuteIndex: number): MinuteLine => {
    if (minuteIndex === minuteIndexDrawn) return line;
    const hourIndex = Math.floor(minuteIndex / MINUTES_PER_HOUR);
    drawMinutes(hourIndex);
    const m = minuteIndex - hourIndex * MINUTES_PER_HOUR;
    const choice = hashCounter(pathKey, LEVEL.secondsOfMinute, minuteIndex);
    const start = minutes[m]!;
    line = {
      start,
      delta: minutes[m + 1]! - start,
      sign: (choice >>> 11) & 1 ? -1 : 1,
      shape: choice % SHAPE_COUNT,
      reversed: ((choice >>> 12) & 1) === 1,
    };
    minuteIndexDrawn = minuteIndex;
    return line;
  };

  return {
    valueAt: (minuteIndex, second) => secondValue(minuteLine(minuteIndex), second),
    summarize(firstMinuteIndex, minuteCount) {
      const open = secondValue(minuteLine(firstMinuteIndex), 0);
      let high = open;
      let low = open;
      let i = 0;
      while (i < minuteCount) {
        const minuteIndex = firstMinuteIndex + i;
        // A whole hour whose minute ends (and so every second) cannot pass the extremes so far is skipped.
        if (minuteCount - i >= MINUTES_PER_HOUR && mod(minuteIndex, MINUTES_PER_HOUR) === 0) {
          drawMinutes(minuteIndex / MINUTES_PER_HOUR);
          let lowestEnd = minutes[0]!;
          let highestEnd = lowestEnd;
          for (let m = 1; m <= MINUTES_PER_HOUR; m++) {
            lowestEnd = Math.min(lowestEnd, minutes[m]!);
            highestEnd = Math.max(highestEnd, minutes[m]!);
          }
          if (
            minutesBound(lowestEnd, highestEnd, true) <= high &&
            minutesBound(lowestEnd, highestEnd, false) >= low
          ) {
            i += MINUTES_PER_HOUR;
            continue;
          }
        }
        const current = minuteLine(minuteIndex);
        // Only a minute that could pass the extremes so far is read second by second (its candidates).
        if (minuteBound(current, true) > high) high = Math.max(high, minuteExtreme(current, true));
        if (minuteBound(current, false) < low) low = Math.min(low, minuteExtreme(current, false));
        i++;
      }
      const close = secondValue(minuteLine(firstMinuteIndex + minuteCount - 1), MINUTE_SECONDS - 1);
      return { open, high, low, close };
    },
  };
}

/** The remainder of a division, never negative (minute indexes before the anchor are). */
function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
