import { type ReactNode, useEffect, useId } from 'react';
import { Button } from './button.tsx';

/** A modal dialog titled `title`, over a dimmed page. Escape cancels it, unless it is busy. */
export function Dialog({
  title,
  busy,
  onCancel,
  children,
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = useId();

  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [busy, onCancel]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-4 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** A dialog form's Cancel and submit buttons; both wait while it is busy. */
export function DialogButtons({
  busy,
  onCancel,
  confirmLabel,
  busyLabel,
  variant,
}: {
  busy: boolean;
  onCancel: () => void;
  confirmLabel: string;
  busyLabel: string;
  variant: 'danger' | 'primary';
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : confirmLabel}
      </Button>
    </div>
  );
}
