import type { Instrument } from '@candor/contracts/market';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { InstrumentOptions } from '../../components/ui/instrument-options.tsx';
import { instrumentsQuery } from '../../lib/instruments-api.ts';

/**
 * The whole catalogue in a native select, grouped by class: keyboard type-ahead searches it,
 * and it needs no extra code on the page. Until the catalogue loads, the current symbol is the
 * only choice.
 */
export function SymbolPicker({
  value,
  onChange,
  className = '',
}: {
  value: string;
  onChange: (symbol: string) => void;
  className?: string;
}) {
  const id = useId();
  const { data, isError } = useQuery(instrumentsQuery);
  const items: readonly Instrument[] = data?.items ?? [];
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
        Symbol
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={isError ? `${id}-error` : undefined}
        className="block w-full min-w-56 rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm font-medium text-slate-900 shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      >
        {items.length === 0 ? <option value={value}>{value}</option> : null}
        <InstrumentOptions items={items} />
      </select>
      {isError ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          The list of instruments could not be loaded.
        </p>
      ) : null}
    </div>
  );
}
