import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/**
 * What is loading, beside a spinner: boxed where a list will stand, or `plain` where a record's
 * page (`py-16`) or a panel's form (`py-10`, `py-6`) will stand.
 */
export function LoadingState({
  children,
  plain = false,
  padding = 'py-16',
}: {
  children: ReactNode;
  plain?: boolean;
  padding?: 'py-16' | 'py-10' | 'py-6';
}) {
  return (
    <div
      role="status"
      className={
        plain
          ? `flex items-center gap-3 ${padding} text-sm text-slate-500`
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

/**
 * A query's loading and failure as a panel says them (`loading`, `failed` with Try again); its
 * data, once loaded, goes to `children`.
 */
export function QueryPanel<T>({
  query,
  loading,
  failed,
  padding = 'py-10',
  children,
}: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  failed: ReactNode;
  padding?: 'py-10' | 'py-6';
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <LoadingState plain padding={padding}>
        {loading}
      </LoadingState>
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()}>{failed}</LoadError>;
  return children(query.data);
}
