import { STATEMENT_KIND_LABELS, STATEMENT_KINDS, type StatementKind } from '@candor/contracts/ledger';
import { REVERSED_RANGE_MESSAGE } from '@candor/contracts/search';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  DayRangeFields,
  FILTER_LABEL_CLASS,
  isReversedDayRange,
} from '../../components/ui/day-range-fields.tsx';
import { textControlClass } from '../../components/ui/labelled-field.tsx';
import { isFiltered, type StatementFilterValues } from './statement-search.ts';

/**
 * The statement's filters: a kind of movement and a range of days, applied as they change. A date
 * range that ends before it starts is not applied: the To date says why until it is put right.
 */
export function StatementFilters({
  value,
  onChange,
}: {
  value: StatementFilterValues;
  onChange: (filters: StatementFilterValues) => void;
}) {
  // The dates as typed: a range not applied yet (reversed) stays in its fields.
  const [draft, setDraft] = useState({ from: value.from ?? '', to: value.to ?? '' });
  const [shown, setShown] = useState({ from: value.from, to: value.to });
  if (shown.from !== value.from || shown.to !== value.to) {
    // The dates changed from outside (Clear, the back button): the fields follow.
    setShown({ from: value.from, to: value.to });
    setDraft({ from: value.from ?? '', to: value.to ?? '' });
  }
  const rangeProblem = isReversedDayRange(draft.from, draft.to) ? REVERSED_RANGE_MESSAGE : null;

  const setDay = (name: 'from' | 'to') => (event: { target: { value: string } }) => {
    const next = { ...draft, [name]: event.target.value };
    setDraft(next);
    if (isReversedDayRange(next.from, next.to)) return;
    onChange({ kind: value.kind, from: next.from || undefined, to: next.to || undefined });
  };
  const setKind = (event: { target: { value: string } }) => {
    const kind = event.target.value ? (event.target.value as StatementKind) : undefined;
    onChange({ ...value, kind });
  };
  const canClear = isFiltered(value) || draft.from !== '' || draft.to !== '';
  const clear = () => {
    setDraft({ from: '', to: '' });
    onChange({});
  };

  return (
    <form
      aria-label="Filter the statement"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <div className="col-span-2 md:col-span-1">
        <label htmlFor="statement-kind" className={FILTER_LABEL_CLASS}>
          Kind
        </label>
        <select
          id="statement-kind"
          className={textControlClass(null)}
          value={value.kind ?? ''}
          onChange={setKind}
        >
          <option value="">All kinds</option>
          {STATEMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {STATEMENT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <DayRangeFields
        idPrefix="statement"
        from={draft.from}
        to={draft.to}
        onFromChange={setDay('from')}
        onToChange={setDay('to')}
        problem={rangeProblem}
        bounded
        className="min-w-0"
      />
      {/* On a wide screen, level with the fields below their labels, whatever message the To date shows. */}
      <div className="col-span-2 flex justify-end md:col-span-1 md:pt-5.5">
        <Button variant="secondary" disabled={!canClear} onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
