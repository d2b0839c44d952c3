import { formatUtcMinute, type SecurityEvent } from '@candor/contracts/account-security';

/**
 * An account's security events, newest first: what happened, when, and the withdrawal wait it
 * started. Staff also see the address it came from (`withAddress`). Times read as the server's
 * wait notice beside the list writes them ("2026-11-30 07:52 UTC", shared with its e-mails).
 */
export function SecurityEventList({
  events,
  empty,
  withAddress = false,
}: {
  events: readonly SecurityEvent[];
  empty: string;
  withAddress?: boolean;
}) {
  if (events.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm shadow-sm">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
          <span className="font-medium text-slate-800">{event.label}</span>
          <span className="text-xs text-slate-500">
            {formatUtcMinute(event.createdAt)}
            {event.waitUntil ? ` · withdrawals wait until ${formatUtcMinute(event.waitUntil)}` : ''}
            {withAddress && event.ipAddress ? ` · ${event.ipAddress}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
