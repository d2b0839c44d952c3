import { SubmitButton, type SubmitProps } from './submit-button.tsx';

/** The submit button at a form's end: full width on a phone, at least `minWidth` on wider screens. */
export function FormSubmitRow({
  minWidth,
  className,
  ...button
}: SubmitProps & { minWidth?: 'sm:min-w-32' | 'sm:min-w-40'; className?: string }) {
  return (
    <div className={joinClasses('flex justify-end', className)}>
      <SubmitButton {...button} className={joinClasses('w-full sm:w-auto', minWidth)} />
    </div>
  );
}

function joinClasses(...classes: (string | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
