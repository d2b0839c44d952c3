import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useIsStaff } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';

/** Back-office pages render only for staff; anyone else sees why not. Each page then shows what the role may do. */
export function AdminGate() {
  const me = useMe();
  if (!useIsStaff()) return <NotAllowedPage />;
  // Two-factor was turned off while on a back-office page: set it up again first.
  if (!me.twoFactorEnabled) return <Navigate to="/two-factor" />;
  return <Outlet />;
}

export function NotAllowedPage() {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p className="text-sm font-semibold uppercase tracking-wide text-red-600">403</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">Not allowed</h1>
      <p className="mt-2 text-sm text-slate-500">This page is for staff only.</p>
      <Link
        to="/dashboard"
        className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        Back to the dashboard
      </Link>
    </div>
  );
}
