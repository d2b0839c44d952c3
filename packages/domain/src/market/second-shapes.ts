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
/** Scratch space of drawShape. */
const heights = new Float64Array(SHAPE_POINTS);
const hull = new Int32Array(SHAPE_POINTS);

function drawShape(row: number): void {
  const offset = row * SHAPE_POINTS;
  drawBridgeInto(values, offset, createNormalSource(hashWords([SHAPES_KEY, row])), 0, 0, MINUTE_SECONDS, 1);
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
