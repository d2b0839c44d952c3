import type { PriceSourceId } from '@candor/contracts/market';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import type { SimulationSettings } from '@candor/domain/market/simulated-market';
import type { Clock } from '../lib/clock.ts';
import type { PriceSource, Tick } from './price-source.ts';
import { createSimulatedSource, simulatedTick } from './simulated-source.ts';

/** Which source prices which symbol, and how to make the sources when this server produces. */
export type SourcePlan = {
  /** The configured source of a symbol of the catalogue (whether or not it runs on this server). */
  sourceIdOf(symbol: string): PriceSourceId;
  createSources(): PriceSource[];
  /** The simulated price now, for symbols the simulated market covers (any server can compute it). */
  simulatedTickNow(spec: InstrumentSpec): Tick | undefined;
};

export type SourcePlanOptions = {
  instruments: readonly InstrumentSpec[];
  settings: SimulationSettings;
  clock: Clock;
  tickMs: number;
  /** A real source (for example CoinGecko for crypto); the simulated market covers the rest. */
  createRealSource?: () => PriceSource;
};

export function planSources(options: SourcePlanOptions): SourcePlan {
  const { instruments, settings, clock, tickMs, createRealSource } = options;
  // A source that is made but not started only answers `covers`.
  const probe = createRealSource?.();
  const real = new Set(instruments.filter((spec) => probe?.covers(spec.symbol)).map((spec) => spec.symbol));
  const simulated = instruments.filter((spec) => !real.has(spec.symbol));
  const simulatedSymbols = new Set(simulated.map((spec) => spec.symbol));
  return {
    sourceIdOf: (symbol) => (real.has(symbol) && probe ? probe.id : 'simulated'),
    createSources() {
      const sources: PriceSource[] = [
        createSimulatedSource({ instruments: simulated, settings, clock, tickMs }),
      ];
      if (createRealSource && real.size > 0) sources.unshift(createRealSource());
      return sources;
    },
    simulatedTickNow: (spec) =>
      simulatedSymbols.has(spec.symbol) ? simulatedTick(spec, settings, clock()) : undefined,
  };
}
