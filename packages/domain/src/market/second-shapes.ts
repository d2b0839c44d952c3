import { drawBridgeInto } from './brownian-bridge.ts';
import { createNormalSource, hashString, hashWords } from './seeded-random.ts';

/**
 * The seconds of a simulated minute: the straight line between the minute's endpoints plus one of
 * SHAPE_COUNT standard Brownian bridges (0 → 0 in 60 one-second steps), possibly mirrored (sign)
 * and time-reversed. A constant table, drawn from a fixed key, each row when first read.
 *
 * For each shape it also lists the only seconds that can hold the minute's highest and lowest
 * value, whatever the straight line: adding a line to points keeps which of them lie on their
 * upper (lower) convex hull and how far below (above) it the others lie. Points within
 * HULL_TOLERANCE of the hull are kept too, so float rounding cannot make a dropped point win.
 */

export const SHAPE_COUNT = 1024;
export const MINUTE_SECONDS = 60;
const SHAPE_POINTS = MINUTE_SECONDS + 1;

/** Far above the rounding error of a second's value while |start| + |delta| ≤ EXACT_HULL_LIMIT. */
const HULL_TOLERANCE = 1e-6;
/** Beyond this size of a minute's values the candidates are not trusted and every second is read. */
const EXACT_HULL_LIMIT = 1e7;

const SHAPES_KEY = hashString('candor/simulated-market/second-shapes/v1');

/**
 * One minute of the path: second k (0…60) lies on the line from `start` to `start + delta`, plus
 * the table's bridge number `shape`, mirrored when `sign` is -1 and read backwards when `reversed`.
 * Second 60 is the next minute's second 0.
 */
export type MinuteLine = {
  readonly start: number;
  readonly delta: number;
  readonly sign: 1 | -1;
  readonly shape: number;
  readonly reversed: boolean;
};

/** The value at second k (0…60) of a minute. */
export function secondValue(minute: MinuteLine, k: number): number {
  if (drawn[minute.shape] === 0) drawShape(minute.shape);
  return valueIn(values, minute, k);
}

/** The only place a second's arithmetic is written, so every caller gets the same float. */
function valueIn(values: Float64Array, minute: MinuteLine, k: number): number {
  const position = minute.reversed ? MINUTE_SECONDS - k : k;
  return (
    minute.start +
    (minute.delta * k) / MINUTE_SECONDS +
    minute.sign * values[minute.shape * SHAPE_POINTS + position]!
  );
}

/**
 * The highest (or lowest) of secondValue(minute, k) for k = 0…59, exactly, reading only the seconds
 * on or next to the hull of the minute's shape (all 60 when the values are too large to trust them).
 */
export function minuteExtreme(minute: MinuteLine, highest: boolean): number {
  if (drawn[minute.shape] === 0) drawShape(minute.shape);
  let best = valueIn(values, minute, 0);
  if (Math.abs(minute.start) + Math.abs(minute.delta) > EXACT_HULL_LIMIT) {
    for (let k = 1; k < MINUTE_SECONDS; k++) {
      const value = valueIn(values, minute, k);
      if (highest ? value > best : value < best) best = value;
    }
    return best;
  }
  // The highest value of a mirrored shape sits on the lower hull of the table's shape.
  const upper = highest === minute.sign > 0;
  const list = minute.shape * 4 + (upper ? 0 : 1) + (minute.reversed ? 2 : 0);
  const first = list * LIST_CAPACITY;
  const end = first + counts[list]!;
  for (let i = first; i < end; i++) {
    const position = candidates[i]!;
    const value = valueIn(values, minute, minute.reversed ? MINUTE_SECONDS - position : position);
    if (highest ? value > best : value < best) best = value;
  }
  return best;
}

/**
 * A value no second of the minute passes: at least minuteExtreme(minute, true) (at most
 * minuteExtreme(minute, false) for the lowest). The line's higher (lower) end plus the shape's
 * highest (lowest) point as read, with room for the rounding of a second's arithmetic. Cheaper than
 * the extreme itself, so a summary of many minutes reads the candidates only of the minutes whose
 * bound passes the extreme found so far: the summary stays exact.
 */
export function minuteBound(minute: MinuteLine, highest: boolean): number {
  if (drawn[minute.shape] === 0) drawShape(minute.shape);
  const end = minute.start + minute.delta;
  // Far above the few units in the last place a second's three additions can round by.
  const margin = 1e-9 * (1 + Math.abs(minute.start) + Math.abs(minute.delta) + SHAPE_ROUNDING_SCALE);
  if (highest) {
    const shapeHighest = minute.sign > 0 ? highs[minute.shape]! : -lows[minute.shape]!;
    return Math.max(minute.start, end) + shapeHighest + margin;
  }
  const shapeLowest = minute.sign > 0 ? lows[minute.shape]! : -highs[minute.shape]!;
  return Math.min(minute.start, end) + shapeLowest - margin;
}

/**
 * A value no second passes in a run of minutes whose ends (every minute's start and end) all lie in
 * [lowestEnd, highestEnd]: highestEnd plus the farthest any shape reaches from its line (lowestEnd
 * minus it, for the lowest), with room for rounding. A summary skips a whole hour with it when the
 * hour cannot hold a new extreme, without building its minutes.
 */
export function minutesBound(lowestEnd: number, highestEnd: number, highest: boolean): number {
  const reach = readReach();
  const size = Math.max(Math.abs(lowestEnd), Math.abs(highestEnd));
  // A minute's delta is at most highestEnd − lowestEnd ≤ 2·size: the same room as minuteBound's.
  const margin = 1e-9 * (1 + 3 * size + SHAPE_ROUNDING_SCALE);
  return highest ? highestEnd + reach + margin : lowestEnd - reach - margin;
}

/** Larger than any |value| of the table (standard bridges over 60 steps of variance 1). */
const SHAPE_ROUNDING_SCALE = 1000;

/** A candidate list holds positions of 60 seconds at most (0…59 forwards, 60…1 reversed). */
const LIST_CAPACITY = MINUTE_SECONDS;

/*
 * The table. Each row is drawn when its shape is first read: every row comes from its own seeded
 * source, so this gives the same values as drawing all 1,024 at once, without the ~50 ms that took
 * before the market's first quote (docs/decisions/038).
 */
/** SHAPE_COUNT rows of SHAPE_POINTS values. */
const values = new Float64Array(SHAPE_COUNT * SHAPE_POINTS);
/** Whether the row of a shape is drawn yet. */
const drawn = new Uint8Array(SHAPE_COUNT);
/**
 * Candidates of list (shape · 4 + case) are candidates[list · LIST_CAPACITY …], counts[list] of
 * them, with case = (upper hull ? 0 : 1) + (reversed ? 2 : 0); they are positions in the row (0 … 60).
 */
const counts = new Uint8Array(SHAPE_COUNT * 4);
const candidates = new Uint8Array(SHAPE_COUNT * 4 * LIST_CAPACITY);
/** The highest and the lowest value of each drawn row (a shape's points 0…60). */
const highs = new Float64Array(SHAPE_COUNT);
const lows = new Float64Array(SHAPE_COUNT);
/** The largest |value| of the whole table (every row drawn for it), once known; -1 before. */
let reach = -1;
/** Scratch space of drawShape. */
const heights = new Float64Array(SHAPE_POINTS);
const hull = new Int32Array(SHAPE_POINTS);

/** How far any shape, mirrored or not, goes from its line: draws the rows not drawn yet, once. */
function readReach(): number {
  if (reach >= 0) return reach;
  let largest = 0;
  for (let row = 0; row < SHAPE_COUNT; row++) {
    if (drawn[row] === 0) drawShape(row);
    largest = Math.max(largest, highs[row]!, -lows[row]!);
  }
  reach = largest;
  return reach;
}

function drawShape(row: number): void {
  const offset = row * SHAPE_POINTS;
  drawBridgeInto(values, offset, createNormalSource(hashWords([SHAPES_KEY, row])), 0, 0, MINUTE_SECONDS, 1);
  let high = values[offset]!;
  let low = high;
  for (let i = 1; i < SHAPE_POINTS; i++) {
    high = Math.max(high, values[offset + i]!);
    low = Math.min(low, values[offset + i]!);
  }
  highs[row] = high;
  lows[row] = low;
  for (let list = 0; list < 4; list++) {
    const upper = list % 2 === 0;
    const reversed = list >= 2;
    for (let i = 0; i < SHAPE_POINTS; i++) heights[i] = upper ? values[offset + i]! : -values[offset + i]!;
    const first = (row * 4 + list) * LIST_CAPACITY;
    // Forwards a minute reads positions 0…59; time-reversed it reads 60…1.
    counts[row * 4 + list] =
      writeNearHull(heights, reversed ? 1 : 0, reversed ? 60 : 59, hull, candidates, first) - first;
  }
  drawn[row] = 1;
}

/**
 * Writes to `out` from `length` the positions in [first, last] on or within HULL_TOLERANCE of the
 * upper convex hull of `heights` (monotone chain); returns the new length. `hull` is scratch space.
 */
function writeNearHull(
  heights: Float64Array,
  first: number,
  last: number,
  hull: Int32Array,
  out: Uint8Array,
  length: number,
): number {
  let size = 0;
  for (let i = first; i <= last; i++) {
    while (size >= 2) {
      const a = hull[size - 2]!;
      const b = hull[size - 1]!;
      // Keep b only if it lies strictly above the segment from a to i.
      if ((b - a) * (heights[i]! - heights[a]!) - (i - a) * (heights[b]! - heights[a]!) < 0) break;
      size--;
    }
    hull[size++] = i;
  }
  let written = length;
  let segment = 0;
  for (let i = first; i <= last; i++) {
    while (segment + 1 < size && hull[segment + 1]! < i) segment++;
    const a = hull[segment]!;
    const b = segment + 1 < size ? hull[segment + 1]! : a;
    const onHull = b === a ? heights[a]! : heights[a]! + ((heights[b]! - heights[a]!) * (i - a)) / (b - a);
    if (i === a || i === b || onHull - heights[i]! <= HULL_TOLERANCE) out[written++] = i;
  }
  return written;
}
