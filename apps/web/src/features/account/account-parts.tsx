import type { ReactNode } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';

/** A small link back to the account overview, above a sub-page's heading. */
export function BackToAccount() {
  return <BackLink to="/account" label="Account" className="mb-3" />;
}

/** The profile picture, or the person's initial on a coloured disc when there is none. */
export function Avatar({
  fullname,
  pictureUrl,
  size = 'h-16 w-16 text-2xl',
}: {
  fullname: string;
  pictureUrl: string | null;
  size?: string;
}) {
  const initial = (fullname.trim()[0] ?? '?').toUpperCase();
  return (
    <div
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 font-semibold text-white ring-4 ring-white ${size}`}
    >
      {pictureUrl ? <img src={pictureUrl} alt={fullname} className="h-full w-full object-cover" /> : initial}
    </div>
  );
}

/** A white panel holding a form, at a comfortable reading width. */
export function FormPanel({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {children}
    </div>
  );
}
