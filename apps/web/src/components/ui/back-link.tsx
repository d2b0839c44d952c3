import { Link } from '@tanstack/react-router';
import { Icon } from './icon.tsx';

/** A small link back to the parent page, above a sub-page's heading. */
export function BackLink({
  to,
  search,
  label,
  className = '',
}: {
  to: string;
  /** The parent page's place, when it lives in the URL (`{ tab: 'deposits' }`). */
  search?: Record<string, string>;
  label: string;
  className?: string;
}) {
  return (
    <Link
      to={to}
      search={search}
      className={`inline-flex items-center gap-1 text-sm font-medium text-slate-500 transition hover:text-slate-800 ${className}`}
    >
      <Icon name="back" className="h-4 w-4" strokeWidth={2} />
      {label}
    </Link>
  );
}
