import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { findInstrument } from '@candor/domain/market/instruments';
import { REFERENCE_ORIGIN_SECONDS } from '@candor/domain/market/simulated-market';
import { createLiveMarket, type LiveMarket } from '../market/live-market.ts';
import { silentLogger } from '../market/market-logger.ts';
import type { MinuteCandle } from '../market/minute-recorder.ts';
import { createLocalQuoteBus, type QuoteBus } from '../market/quote-bus.ts';
import { createSimulatedSource, type SimulatedSource } from '../market/simulated-source.ts';
import type { ManualClock } from './manual-clock.ts';

/** Long enough that no timer fires during a test: the tests drive the ticks by hand. */
export const HAND_DRIVEN_TICK_MS = 3_600_000;
/** The simulation the tests' live markets price with. */
export const TEST_SIMULATION = { seed: 7, originSeconds: REFERENCE_ORIGIN_SECONDS };

export type SimulatedLiveMarket = {
  live: LiveMarket;
  clock: ManualClock;
  /** The simulated source of this server (it throws when the server does not produce). */
  source(): SimulatedSource;
  /** Sets the clock, emits one tick per instrument and waits until the batch is handed out. */
  tickAt(iso: string): Promise<void>;
};

/**
 * A live market on the simulated prices of `symbols`, ticking only when told to (`tickAt`), on a
 * local quote bus unless another is given; closed minutes go to `saveMinutes` (nowhere by default).
 */
export function createSimulatedLiveMarket(options: {
  clock: ManualClock;
  symbols: readonly string[];
  bus?: QuoteBus;
  saveMinutes?: (minutes: MinuteCandle[]) => Promise<void>;
}): SimulatedLiveMarket {
  const { clock } = options;
  const instruments = options.symbols.map((symbol) => findInstrument(symbol)) as InstrumentSpec[];
  let current: SimulatedSource | undefined;
  const live = createLiveMarket({
    createSources: () => {
      current = createSimulatedSource({
        instruments,
        settings: TEST_SIMULATION,
        clock: clock.now,
        tickMs: HAND_DRIVEN_TICK_MS,
      });
      return [current];
    },
    fallbackTick: () => undefined,
    bus: options.bus ?? createLocalQuoteBus(),
    saveMinutes: options.saveMinutes ?? (async () => {}),
    clock: clock.now,
    tickMs: HAND_DRIVEN_TICK_MS,
    logger: silentLogger,
  });
  const source = () => {
    if (!current) throw new Error('this server does not produce');
    return current;
  };
  return {
    live,
    clock,
    source,
    async tickAt(iso) {
      clock.set(new Date(iso));
      source().emitNow();
      await live.settle();
    },
  };
}
