import { INSTRUMENTS } from '@candor/domain/market/instruments';
import { REFERENCE_ORIGIN_SECONDS, simulatedPriceAt } from '@candor/domain/market/simulated-market';
import { expect, test } from 'vitest';
import { planSources } from './market-sources.ts';
import type { PriceSource } from './price-source.ts';

const settings = { seed: 1, originSeconds: REFERENCE_ORIGIN_SECONDS };
const clock = () => new Date('2026-11-22T12:00:00.700Z');
const common = { instruments: INSTRUMENTS, settings, clock, tickMs: 1000 };

function fakeCrypto(): PriceSource {
  return {
    id: 'coingecko',
    covers: (symbol) => symbol === 'BTCUSD' || symbol === 'ETHUSD',
    latest: () => undefined,
    isStale: () => true,
    start: () => {},
    stop: async () => {},
  };
}

test('by default the simulated market prices every instrument', () => {
  const plan = planSources(common);
  expect(INSTRUMENTS.every((spec) => plan.sourceIdOf(spec.symbol) === 'simulated')).toBe(true);
  const sources = plan.createSources();
  expect(sources.map((s) => s.id)).toEqual(['simulated']);
  expect(INSTRUMENTS.every((spec) => sources[0]!.covers(spec.symbol))).toBe(true);
});

test('with a real source, it prices what it covers and the simulated market the rest', () => {
  const plan = planSources({ ...common, createRealSource: fakeCrypto });
  expect(plan.sourceIdOf('BTCUSD')).toBe('coingecko');
  expect(plan.sourceIdOf('EURUSD')).toBe('simulated');
  const [real, simulated] = plan.createSources();
  expect([real?.id, simulated?.id]).toEqual(['coingecko', 'simulated']);
  expect(simulated?.covers('BTCUSD')).toBe(false);
  expect(simulated?.covers('SOLUSD')).toBe(true);
  // A real source's symbol never gets a made-up simulated price.
  expect(plan.simulatedTickNow(INSTRUMENTS.find((s) => s.symbol === 'BTCUSD')!)).toBeUndefined();
});

test('the simulated price now is the one of the current whole second, with its 24-hour change', () => {
  const plan = planSources(common);
  const spec = INSTRUMENTS.find((s) => s.symbol === 'EURUSD')!;
  const seconds = Date.parse('2026-11-22T12:00:00Z') / 1000;
  const tick = plan.simulatedTickNow(spec);
  expect(tick).toMatchObject({
    symbol: 'EURUSD',
    price: simulatedPriceAt(spec, settings, seconds),
    time: new Date(seconds * 1000),
    source: 'simulated',
  });
  expect(tick?.change24hPercent).toMatch(/^-?\d+\.\d{2}$/);
});
