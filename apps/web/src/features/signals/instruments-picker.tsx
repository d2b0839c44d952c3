import type { Instrument, InstrumentClass } from '@candor/contracts/market';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { isApiError } from '../../lib/api.ts';
import { instrumentsQuery } from '../../lib/instruments-api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSharedMutation } from '../../lib/use-shared-mutation.ts';
import { saveSignalInstruments } from './signals-api.ts';

const CLASS_LABELS = { crypto: 'Crypto', forex: 'Forex', stock: 'Stocks' } as const satisfies Record<
  InstrumentClass,
  string
>;
const CLASS_ORDER: readonly InstrumentClass[] = ['crypto', 'forex', 'stock'];

/** Every signals list of the customer (all intervals). */
export const SIGNALS_KEY_PREFIX = queryKeys.signals('').slice(0, -1);

/**
 * "Edit instruments": the customer picks the instruments their plan rates (at most its count);
 * "Use the default list" forgets the choice.
 */
export function InstrumentsPicker({
  current,
  limit,
  onClose,
}: {
  current: readonly string[];
  /** null = every instrument. */
  limit: number | null;
  onClose: () => void;
}) {
  const catalogue = useQuery(instrumentsQuery);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([...current]);
  const [filter, setFilter] = useState('');
  // A double click submits twice before the busy button renders: the second press shares the first.
  const save = useSharedMutation({
    mutationFn: saveSignalInstruments,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: SIGNALS_KEY_PREFIX });
      notify.success(answer.chosen ? 'Your instruments are saved' : 'Back to the default list');
      onClose();
    },
    onError: (error) =>
      notify.error(isApiError(error) ? error.message : 'The instruments could not be saved'),
  });
  const full = limit !== null && chosen.length >= limit;
  const needle = filter.trim().toLowerCase();
  const items = (catalogue.data?.items ?? []).filter(
    (item) =>
      !needle || item.symbol.toLowerCase().includes(needle) || item.name.toLowerCase().includes(needle),
  );
  const toggle = (symbol: string) =>
    setChosen((list) => (list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };

  return (
    <Dialog title="Edit instruments" busy={save.isPending} onCancel={onClose}>
      <form onSubmit={submit} className="mt-3 space-y-4">
        <p className="text-sm text-slate-500">
          {limit === null ? (
            <>Your plan rates every instrument. Choose the ones to list, in any number.</>
          ) : (
            <>
              Your plan rates up to {limit} instruments.{' '}
              <span className="font-semibold text-slate-800 tabular-nums" aria-live="polite">
                {chosen.length} of {limit} chosen
              </span>
            </>
          )}
        </p>
        <input
          type="search"
          aria-label="Search instruments"
          placeholder="Search: BTC, Euro, Apple…"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <div className="flex gap-4 text-sm">
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline disabled:text-slate-400"
            disabled={chosen.length === 0}
            onClick={() => setChosen([])}
          >
            Clear all
          </button>
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline disabled:text-slate-400"
            disabled={save.isPending}
            onClick={() => save.mutate([])}
          >
            Use the default list
          </button>
        </div>
        <div className="max-h-72 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-3">
          {catalogue.isPending ? <p className="text-sm text-slate-500">Loading instruments…</p> : null}
          {CLASS_ORDER.map((kind) => {
            const group = items.filter((item) => item.class === kind);
            if (group.length === 0) return null;
            return (
              <fieldset key={kind}>
                <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {CLASS_LABELS[kind]}
                </legend>
                <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                  {group.map((item: Instrument) => {
                    const checked = chosen.includes(item.symbol);
                    return (
                      <label key={item.symbol} className="flex items-center gap-2 text-sm text-slate-700">
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && full}
                          onChange={() => toggle(item.symbol)}
                          className="h-4 w-4 rounded border-slate-300 text-brand-600"
                        />
                        <span className="font-medium text-slate-900">{item.symbol}</span>
                        <span className="truncate text-xs text-slate-500">{item.name}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
        </div>
        <DialogButtons
          busy={save.isPending}
          onCancel={onClose}
          confirmLabel="Save instruments"
          busyLabel="Saving…"
          variant="primary"
        />
      </form>
    </Dialog>
  );
}
