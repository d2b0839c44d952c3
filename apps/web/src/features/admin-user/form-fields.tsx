import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { FieldMessage } from '../../components/ui/field-message.tsx';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled multi-line input with its validation message; usable with react-hook-form's register(). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, className = '', id, rows = 3, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-2 ${
          error
            ? 'border-red-400 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
        }`}
        {...props}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
});

type Choice = { value: string; label: string };

/**
 * A small set of exclusive choices as a segmented radio group (a fieldset with its legend).
 * `inputProps` is what react-hook-form's register() returns for the field.
 */
export function ChoiceGroup({
  legend,
  choices,
  inputProps,
}: {
  legend: string;
  choices: readonly Choice[];
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'>;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="inline-flex rounded-lg bg-slate-100 p-1">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="relative cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 transition has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input type="radio" value={choice.value} className="sr-only" {...inputProps} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
