import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A decimal number (a price, a lot size, a percentage): the decimal keypad on phones, no autofill. */
export const DecimalField = forwardRef<HTMLInputElement, TextFieldProps>(function DecimalField(props, ref) {
  return <TextField ref={ref} inputMode="decimal" autoComplete="off" {...props} />;
});

/** An amount of dollars, typed as a decimal: "0.00" until the person types one. */
export const AmountField = forwardRef<HTMLInputElement, TextFieldProps>(function AmountField(props, ref) {
  return <DecimalField ref={ref} placeholder="0.00" {...props} />;
});
