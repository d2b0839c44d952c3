import { forwardRef, type InputHTMLAttributes } from 'react';
import { LabelledField, textControlClass } from './labelled-field.tsx';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input with its validation message; usable with react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, id, ...props },
  ref,
) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <input ref={ref} {...control} className={textControlClass(error)} {...props} />}
    </LabelledField>
  );
});

/** A password: masked; `autoComplete` tells the browser whether to offer the saved or a new one. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField(props, ref) {
    return <TextField ref={ref} type="password" {...props} />;
  },
);
