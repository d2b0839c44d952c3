import {
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from 'react';
import { Button } from './button.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * A modal dialog titled `title`, over a dimmed page. Escape cancels it, unless it is busy. The
 * keyboard stays in it: it takes the focus when it opens (its first field, or else its first
 * button: Cancel in a confirmation), Tab and Shift+Tab go round its own controls, and the focus
 * goes back to what had it (the button that opened it) when it closes. A dialog opened from
 * another one (a picture enlarged from a record's details) stands over it: Escape and Tab are the
 * top one's alone. `wide` is for pictures and documents.
 */
export function Dialog({
  title,
  busy,
  onCancel,
  wide = false,
  children,
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = panel.current;
    // A field the dialog focuses itself (autoFocus) keeps the focus.
    if (element && !element.contains(document.activeElement)) (focusablesIn(element)[0] ?? element).focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const keepFocusInside = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const element = panel.current;
    if (event.key !== 'Tab' || !element) return;
    // A dialog under this one (it holds this one) leaves the keyboard to it.
    event.stopPropagation();
    const controls = focusablesIn(element);
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === element)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy && isTopDialog(panel.current)) onCancel();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [busy, onCancel]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        data-stacked-dialog=""
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
        // A dialog taller than the window (a proof of payment above a reason) scrolls within it.
        className={`max-h-full w-full overflow-y-auto ${wide ? 'max-w-4xl' : 'max-w-md'} rounded-xl bg-white p-5 shadow-xl outline-none sm:p-6`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** Whether `panel` is the dialog on top: the last one open (one opened from a dialog is inside it). */
function isTopDialog(panel: HTMLElement | null): boolean {
  return panel !== null && [...document.querySelectorAll('[data-stacked-dialog]')].at(-1) === panel;
}

/** A dialog form's Cancel and submit buttons; both wait while it is busy. */
export function DialogButtons({
  busy,
  onCancel,
  confirmLabel,
  busyLabel,
  variant,
  dismissLabel = 'Cancel',
}: {
  busy: boolean;
  onCancel: () => void;
  confirmLabel: string;
  busyLabel: string;
  variant: 'danger' | 'primary';
  /** The button that closes without confirming (another word when the action itself is a cancel). */
  dismissLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button
        variant="secondary"
        onClick={(event) => {
          if (!isRepeatClick(event)) onCancel();
        }}
        disabled={busy}
      >
        {dismissLabel}
      </Button>
      <Button
        type="submit"
        variant={variant}
        disabled={busy}
        onClick={(event) => {
          if (isRepeatClick(event)) event.preventDefault();
        }}
      >
        {busy ? busyLabel : confirmLabel}
      </Button>
    </div>
  );
}

/**
 * Whether a click is the second (or later) of a double click. A double click on the button that
 * opens a dialog lands its second click on whatever button of the dialog is now under the pointer:
 * on a phone the confirm button of a bottom sheet often is, and the confirmation (which exists to be
 * read, docs/decisions/046) would be skipped. Such a click neither confirms nor cancels.
 */
function isRepeatClick(event: ReactMouseEvent<HTMLButtonElement>): boolean {
  return event.detail > 1;
}

/**
 * A confirmation's Cancel and confirm buttons in a form: submitting it (the confirm button, or Enter)
 * calls `onConfirm`, and nothing else is sent.
 */
export function ConfirmButtons({
  onConfirm,
  className = 'mt-4',
  ...buttons
}: Parameters<typeof DialogButtons>[0] & { onConfirm: () => void; className?: string }) {
  return (
    <form
      noValidate
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <DialogButtons {...buttons} />
    </form>
  );
}
