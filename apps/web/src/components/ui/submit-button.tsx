import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export type SubmitProps = {
  /** The form is being sent: the button waits and says `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
};

/** A form's submit button. */
export function SubmitButton({ busy, busyLabel, className, children }: SubmitProps & { className?: string }) {
  return (
    <Button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}
