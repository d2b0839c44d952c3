import type { Clock } from '../lib/clock.ts';

/** A clock that only moves when told to. */
export type ManualClock = { now: Clock; set(time: Date): void; advance(ms: number): void };

export function createManualClock(start: Date): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (time) => {
      current = time.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
