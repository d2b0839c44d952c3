import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { LabelledField, textControlClass } from './labelled-field.tsx';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | null;
  hint?: string;
};

/** A labelled multi-line input with its validation message; usable with react-hook-form's register(). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField(
  { label, error, hint, className, id, rows = 3, ...props },
  ref,
) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          rows={rows}
          className={`resize-y ${textControlClass(error)}`}
          {...props}
        />
      )}
    </LabelledField>
  );
});
