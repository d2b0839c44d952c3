/**
 * Draws a Brownian bridge from `start` to `end` in `steps` steps of variance `stepVariance` into
 * out[offset … offset + steps], both ends included: each point is drawn given the previous one and
 * the end (the law of a Brownian motion pinned at both ends). Writes in place: no allocation.
 */
export function drawBridgeInto(
  out: Float64Array,
  offset: number,
  nextNormal: () => number,
  start: number,
  end: number,
  steps: number,
  stepVariance: number,
): void {
  out[offset] = start;
  let value = start;
  for (let k = 1; k < steps; k++) {
    const remaining = steps - k + 1;
    value +=
      (end - value) / remaining + Math.sqrt((stepVariance * (remaining - 1)) / remaining) * nextNormal();
    out[offset + k] = value;
  }
  out[offset + steps] = end;
}
