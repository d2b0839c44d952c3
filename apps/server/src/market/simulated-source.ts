import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { percentChange } from '@candor/domain/market/percent-change';
import { type SimulationSettings, simulatedPriceAt } from '@candor/domain/market/simulated-market';
import type { Clock } from '../lib/clock.ts';
import type { PriceSource, Tick } from './price-source.ts';

const DAY_SECONDS = 86_400;

export type SimulatedSourceOptions = {
  /** The instruments this source prices (the ones no other configured source covers). */
  instruments: readonly InstrumentSpec[];
  settings: SimulationSettings;
  clock: Clock;
  /** Milliseconds between two ticks (MARKET_TICK_MS). */
  tickMs: number;
};

/** The simulated tick of an instrument at a time (whole seconds); the 24 h change from the price a day before. */
export function simulatedTick(spec: InstrumentSpec, settings: SimulationSettings, at: Date): Tick {
  const seconds = Math.floor(at.getTime() / 1000);
  const price = simulatedPriceAt(spec, settings, seconds);
  const dayAgo = simulatedPriceAt(spec, settings, seconds - DAY_SECONDS);
  return {
    symbol: spec.symbol,
    price,
    time: new Date(seconds * 1000),
    source: 'simulated',
    change24hPercent: percentChange(dayAgo, price),
  };
}

export type SimulatedSource = PriceSource & {
  /** Emits one tick per instrument for the clock's current time (the timer calls it every tick). */
  emitNow(): void;
};

/**
 * The simulated market as a price source. Its price is a pure function of time and seed, so it
 * never goes stale and every server computes the same price for the same second.
 */
export function createSimulatedSource(options: SimulatedSourceOptions): SimulatedSource {
  const { settings, clock, tickMs } = options;
  const specs = new Map(options.instruments.map((spec) => [spec.symbol, spec]));
  const last = new Map<string, Tick>();
  let onTick: ((tick: Tick) => void) | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  function emitNow(): void {
    const at = clock();
    for (const spec of specs.values()) {
      const tick = simulatedTick(spec, settings, at);
      last.set(spec.symbol, tick);
      onTick?.(tick);
    }
  }

  return {
    id: 'simulated',
    covers: (symbol) => specs.has(symbol),
    latest(symbol) {
      const known = last.get(symbol);
      if (known) return known;
      // Before the first tick (or on a server that does not produce) the price is still known.
      const spec = specs.get(symbol);
      return spec ? simulatedTick(spec, settings, clock()) : undefined;
    },
    isStale: () => false,
    start(listener) {
      if (onTick) throw new Error('The simulated price source was already started');
      onTick = listener;
      emitNow();
      timer = setInterval(emitNow, tickMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      onTick = undefined;
    },
    emitNow,
  };
}
