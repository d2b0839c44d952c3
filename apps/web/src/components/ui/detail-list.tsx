import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A record's facts as label / value pairs: stacked on a phone, two columns from `sm`. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-6 gap-y-3 p-5 text-sm sm:grid-cols-[auto_1fr] sm:p-6">{children}</dl>;
}

/** One label and its value inside a DetailList. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </>
  );
}

/** The Customer row of a money record: the name links to the customer's page, the e-mail beside it. */
export function CustomerRow({ userId, name, email }: { userId: string; name: string; email: string }) {
  return (
    <DetailRow label="Customer">
      <Link to="/user/$id" params={{ id: userId }} className="font-medium text-brand-700 hover:underline">
        {name}
      </Link>{' '}
      <span className="text-slate-500">({email})</span>
    </DetailRow>
  );
}
