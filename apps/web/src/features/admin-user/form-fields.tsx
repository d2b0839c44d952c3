import type { InputHTMLAttributes } from 'react';

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
