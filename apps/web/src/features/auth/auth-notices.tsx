import { Link } from '@tanstack/react-router';

/** A confirmation shown in place of a form that has done its job. */
export function SuccessNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-700"
    >
      <svg
        className="mt-0.5 h-5 w-5 shrink-0"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="font-medium">{message}</p>
    </div>
  );
}

/** What an e-mailed link shows when its token is missing, used, wrong or expired. */
export function InvalidLinkNotice({
  message,
  action,
}: {
  message: string;
  action: { to: '/' | '/reset-password' | '/dashboard'; label: string };
}) {
  return (
    <div className="space-y-6">
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
      >
        {message}
      </div>
      <Link
        to={action.to}
        className="flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
      >
        {action.label}
      </Link>
    </div>
  );
}
