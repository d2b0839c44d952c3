import type { Instrument, InstrumentClass } from '@candor/contracts/market';

const GROUPS = [
  { id: 'crypto', label: 'Crypto' },
  { id: 'forex', label: 'Forex' },
  { id: 'stock', label: 'Stocks' },
] as const satisfies readonly { id: InstrumentClass; label: string }[];

/** The catalogue as `<option>`s of a native select, grouped by class ("BTCUSD — Bitcoin / US Dollar"). */
export function InstrumentOptions({ items }: { items: readonly Instrument[] }) {
  return GROUPS.map((group) => {
    const members = items.filter((item) => item.class === group.id);
    if (members.length === 0) return null;
    return (
      <optgroup key={group.id} label={group.label}>
        {members.map((item) => (
          <option key={item.symbol} value={item.symbol}>
            {item.symbol} — {item.name}
          </option>
        ))}
      </optgroup>
    );
  });
}
