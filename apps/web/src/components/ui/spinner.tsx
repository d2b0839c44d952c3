export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg
      className={`animate-spin text-current ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 018-8v4a4 4 0 00-4 4H4z" />
    </svg>
  );
}

/** The full-screen loading placeholder of seed-spec §2. */
export function FullScreenLoader() {
  return (
    <div
      className="flex h-full min-h-screen items-center justify-center bg-slate-50"
      role="status"
      aria-label="Loading"
    >
      <Spinner className="h-10 w-10 text-brand-600" />
    </div>
  );
}
