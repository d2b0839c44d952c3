import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/**
 * What is loading, beside a spinner: boxed where a list will stand, or `plain` where a record's
 * page will stand.
 */
export function LoadingState({ children, plain = false }: { children: ReactNode; plain?: boolean }) {
  return (
    <div
      role="status"
      className={
        plain
          ? 'flex items-center gap-3 py-16 text-sm text-slate-500'
          : 'flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-16 text-sm text-slate-500'
      }
    >
      <Spinner className="h-5 w-5 text-brand-600" /> {children}
    </div>
  );
}

/** What could not be loaded, with a "Try again" button. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
      {children}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
