import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon } from '../../components/ui/icon.tsx';

/** A confirmation shown in place of a form that has done its job. */
export function SuccessNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-700"
    >
      <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0" strokeWidth={2} />
      <p className="font-medium">{message}</p>
    </div>
  );
}

/** Where a public page sends the reader next. */
type NextStep = { to: '/' | '/reset-password' | '/dashboard'; label: string };

/** The next step as a full-width button. */
export function ActionLink({ action }: { action: NextStep }) {
  return (
    <Link
      to={action.to}
      className="flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
    >
      {action.label}
    </Link>
  );
}

/**
 * What an e-mailed link shows when its token is missing, used, wrong or expired; `children` (what
 * the reader can do about it) stand between the message and the next step.
 */
export function InvalidLinkNotice({
  message,
  action,
  children,
}: {
  message: string;
  action: NextStep;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
      >
        {message}
      </div>
      {children}
      <ActionLink action={action} />
    </div>
  );
}
