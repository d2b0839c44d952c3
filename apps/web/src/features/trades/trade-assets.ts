import type { Instrument, InstrumentClass } from '@candor/contracts/market';

/** Seed §2 Trades: the asset classes, as tabs in this order. */
export const ASSET_CLASS_TABS = [
  { id: 'forex', label: 'Forex' },
  { id: 'crypto', label: 'Crypto' },
  { id: 'stock', label: 'Stocks' },
] as const satisfies readonly { id: InstrumentClass; label: string }[];

/**
 * The asset shown when a class's tab is chosen: the one last chosen in that class, else the
 * class's first instrument; undefined when the catalogue has none of that class (yet).
 */
export function pickSymbolForClass(
  instruments: readonly Instrument[],
  instrumentClass: InstrumentClass,
  remembered: Partial<Record<InstrumentClass, string>>,
): string | undefined {
  const members = instruments.filter((item) => item.class === instrumentClass);
  const last = remembered[instrumentClass];
  return members.find((item) => item.symbol === last)?.symbol ?? members[0]?.symbol;
}
