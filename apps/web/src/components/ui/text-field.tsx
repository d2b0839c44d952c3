import { forwardRef, type InputHTMLAttributes } from 'react';
import { LabelledField, textControlClass } from './labelled-field.tsx';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input with its validation message; usable with react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, className, id, ...props },
  ref,
) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <input ref={ref} {...control} className={textControlClass(error)} {...props} />}
    </LabelledField>
  );
});
