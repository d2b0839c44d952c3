import type { InputHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: string;
  error?: string | null;
  hint?: string;
  /** The chosen file, or null when the choice was cleared. */
  onFileChange: (file: File | null) => void;
};

/** A labelled file input with its message, styled like the other fields. */
export function FileField({ label, error, hint, onFileChange, className, id, ...props }: Props) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <input
          {...control}
          type="file"
          onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          className={`block w-full cursor-pointer rounded-lg border bg-white text-sm text-slate-600 shadow-sm file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-slate-200 file:bg-slate-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-slate-700 hover:file:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-100 ${
            error ? 'border-red-400' : 'border-slate-300'
          }`}
          {...props}
        />
      )}
    </LabelledField>
  );
}
