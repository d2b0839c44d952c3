import { type ReactNode, useId } from 'react';
import { FieldMessage } from './field-message.tsx';

/** What a field's control takes from its frame: its id and the accessibility of its message. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A field's frame: its label above, the control `children` renders, its error or hint below.
 * The control gets a generated id unless `id` names one.
 */
export function LabelledField({
  label,
  error,
  hint,
  className = '',
  id,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: string;
  className?: string;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const messageId = `${controlId}-message`;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

/** The look of a text input or text area, red while it has an error. */
export function textControlClass(error: string | null | undefined): string {
  return `block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-2 ${
    error
      ? 'border-red-400 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;
}
