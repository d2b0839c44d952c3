import type { ReactNode } from 'react';
import { StatusBadge } from './status-badge.tsx';

/**
 * One record's page as a card: a header with its title, a muted subtitle, its status and
 * `actions`, then its sections (`children`).
 */
export function DetailsCard({
  title,
  subtitle,
  status,
  actions,
  children,
}: {
  title: string;
  subtitle: string;
  status: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {title} <span className="text-base font-medium text-slate-500">{subtitle}</span>
          </h1>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <StatusBadge label={status} />
          </p>
        </div>
        {actions}
      </header>
      {children}
    </article>
  );
}

/** A titled section of a DetailsCard, below a rule. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 p-5 sm:p-6">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
