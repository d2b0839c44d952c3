import { FieldMessage } from './field-message.tsx';
import { textControlClass } from './labelled-field.tsx';

/** The label above a list filter's field (the statement's, the audit log's). */
export const FILTER_LABEL_CLASS = 'mb-1.5 block text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** Whether a range of YYYY-MM-DD days ends before it starts (such days compare as text). */
export function isReversedDayRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}

type DayChange = (event: { target: { value: string } }) => void;

/**
 * A list filter's From and To days (`{idPrefix}-from`, `{idPrefix}-to`), as typed: the To day shows
 * `problem` (a reversed range, say). `bounded` also keeps the date pickers from offering a From day
 * after the To day, or a To day before the From day.
 */
export function DayRangeFields({
  idPrefix,
  from,
  to,
  onFromChange,
  onToChange,
  problem,
  bounded = false,
  className,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFromChange: DayChange;
  onToChange: DayChange;
  problem: string | null;
  bounded?: boolean;
  /** Of each field's wrapper, in the filter's grid. */
  className?: string;
}) {
  const messageId = `${idPrefix}-to-message`;
  return (
    <>
      <div className={className}>
        <label htmlFor={`${idPrefix}-from`} className={FILTER_LABEL_CLASS}>
          From
        </label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          className={textControlClass(null)}
          max={bounded ? to || undefined : undefined}
          value={from}
          onChange={onFromChange}
        />
      </div>
      <div className={className}>
        <label htmlFor={`${idPrefix}-to`} className={FILTER_LABEL_CLASS}>
          To
        </label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          className={textControlClass(problem)}
          min={bounded ? from || undefined : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          value={to}
          onChange={onToChange}
        />
        <FieldMessage id={messageId} error={problem} />
      </div>
    </>
  );
}
