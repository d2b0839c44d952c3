import { Link } from '@tanstack/react-router';

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
      <svg
        className="h-4 w-4"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </Link>
  );
}
