import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDocumentBranding, useSiteSettings } from '../../lib/site-settings.ts';

/**
 * The public pages' frame: a header with the logo (the settings' favicon) and one link, or none
 * (mid-sign-in, where "Create account" would lead away from an account half signed in to).
 */
export function AuthLayout({
  title,
  headerLink,
  children,
}: {
  title: string;
  headerLink?: { to: string; label: string };
  children: ReactNode;
}) {
  const settings = useSiteSettings();
  useDocumentBranding(title);
  const siteName = settings?.siteName ?? 'Candor';
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4 sm:px-8">
        <Link to="/" className="flex items-center gap-2.5">
          <img
            src={settings?.faviconUrl ?? '/favicon.svg'}
            alt={`${siteName} logo`}
            className="h-8 w-8 rounded-md object-contain"
          />
          <span className="text-lg font-semibold text-slate-900">{siteName}</span>
        </Link>
        {/* 44 px high for a finger on a phone; the negative margins keep the header as it was. */}
        {headerLink ? (
          <Link
            to={headerLink.to}
            className="-my-3 py-3 text-sm font-semibold text-brand-700 hover:text-brand-600"
          >
            {headerLink.label}
          </Link>
        ) : null}
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

/** A form's failure; `notice`, when given, is a second paragraph under it. */
export function FormError({ message, notice }: { message: string | null; notice?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700">
      <p>{message}</p>
      {notice ? <p className="mt-1.5 font-medium text-red-800">{notice}</p> : null}
    </div>
  );
}
