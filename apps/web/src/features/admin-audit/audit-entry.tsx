import { type AuditEntry, describeAuditAction } from '@candor/contracts/audit';
import { STAFF_ROLE_LABELS } from '@candor/contracts/staff';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

/** A role as the log shows it: the staff roles' labels, and the command line and the server by name. */
export function roleLabel(role: string | null): string {
  if (role === null) return '';
  if (role === 'operator') return 'Operator';
  if (role === 'system') return 'System';
  // A customer's own action on record (a withdrawal wait they started, a withdrawal they cancelled).
  if (role === 'client') return 'Customer';
  return (STAFF_ROLE_LABELS as Record<string, string>)[role] ?? role;
}

/** Who acted: their name and e-mail when they have an account, otherwise what the row records. */
export function ActorCell({ actor }: { actor: AuditEntry['actor'] }) {
  const name =
    actor.name ??
    (actor.id === 'cli'
      ? 'Command line'
      : actor.id === 'system'
        ? 'System'
        : actor.id === 'setup'
          ? 'First-run setup'
          : actor.id);
  // Names and addresses wrap rather than being cut: on a phone the role beside the name leaves
  // little room, and a log that says "Comp…" does not say who acted.
  return (
    <span className="block min-w-0">
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="min-w-0 font-medium break-words text-slate-900">{name}</span>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
          {roleLabel(actor.role)}
        </span>
      </span>
      {actor.email ? <span className="block text-xs break-all text-slate-500">{actor.email}</span> : null}
    </span>
  );
}

export function SubjectCell({ subject }: { subject: AuditEntry['subject'] }) {
  if (!subject) return <span className="text-slate-500">—</span>;
  return (
    <span className="block min-w-0">
      <span className="block break-words text-slate-900">{subject.name ?? 'Closed account'}</span>
      <span className="block text-xs break-all text-slate-500">{subject.email ?? subject.id}</span>
    </span>
  );
}

/** A before or after value, readably: its fields one a line, nested values as compact JSON. */
function ValueList({ value, other }: { value: unknown; other: unknown }) {
  if (value === null || value === undefined) return <p className="text-sm text-slate-500">Nothing</p>;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return (
      <pre className="text-sm break-all whitespace-pre-wrap text-slate-800">{JSON.stringify(value)}</pre>
    );
  }
  return (
    <dl className="space-y-1 text-sm">
      {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
        <div
          key={key}
          className={`flex flex-wrap gap-x-2 rounded px-1 ${changed(key, item, other) ? 'bg-amber-50 ring-1 ring-amber-200' : ''}`}
        >
          <dt className="font-medium text-slate-500">{key}</dt>
          <dd className="min-w-0 break-all text-slate-900">
            {typeof item === 'string' ? item : JSON.stringify(item)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether a field differs from the same field on the other side (before vs after). */
function changed(key: string, item: unknown, other: unknown): boolean {
  if (!other || typeof other !== 'object' || Array.isArray(other)) return true;
  return JSON.stringify((other as Record<string, unknown>)[key]) !== JSON.stringify(item);
}

/** The row's details: what was acted on, the second approver, and before / after side by side. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  return (
    <div className="space-y-4 bg-slate-50 px-4 py-4 sm:px-6">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Target</dt>
          <dd className="mt-0.5 break-all text-slate-900">
            {entry.targetType}
            {entry.targetId ? ` ${entry.targetId}` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Row</dt>
          <dd className="mt-0.5 text-slate-900">#{entry.seq}</dd>
        </div>
        {entry.approver ? (
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Second approver</dt>
            <dd className="mt-0.5 text-slate-900">
              {entry.approver.name ?? entry.approver.id} ({roleLabel(entry.approver.role)})
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="grid gap-3 md:grid-cols-2">
        <section className="rounded-lg border border-slate-200 bg-white p-3">
          <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Before</h4>
          <ValueList value={entry.before} other={entry.after} />
        </section>
        <section className="rounded-lg border border-slate-200 bg-white p-3">
          <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">After</h4>
          <ValueList value={entry.after} other={entry.before} />
        </section>
      </div>
    </div>
  );
}

/**
 * The audit rows as a list of cards that open to show their details: when, who (and their role),
 * what, on whom, why. `showSubject` is off where every row is about the same customer.
 */
export function AuditEntryList({
  entries,
  showSubject = true,
}: {
  entries: readonly AuditEntry[];
  showSubject?: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {entries.map((entry) => (
        <AuditEntryItem key={entry.seq} entry={entry} showSubject={showSubject} />
      ))}
    </ul>
  );
}

function AuditEntryItem({ entry, showSubject }: { entry: AuditEntry; showSubject: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
        className={`grid w-full gap-x-4 gap-y-1 px-4 py-3 text-left text-sm transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-6 ${
          showSubject
            ? 'md:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_1.25rem]'
            : 'md:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_1.25rem]'
        }`}
      >
        <Cell label="When">
          <span className="text-slate-700 tabular-nums">{formatDateTime(entry.createdAt)}</span>
        </Cell>
        <Cell label="Staff member">
          <ActorCell actor={entry.actor} />
        </Cell>
        <Cell label="Action">
          <span className="block font-medium text-slate-900">{describeAuditAction(entry.action)}</span>
          {entry.reason ? (
            // One line while closed; opened, the whole reason on record (nowhere else on the page).
            <span
              className={`block text-xs text-slate-500 ${open ? 'break-words whitespace-pre-wrap' : 'truncate'}`}
            >
              Reason: {entry.reason}
            </span>
          ) : null}
        </Cell>
        {showSubject ? (
          <Cell label="Customer">
            <SubjectCell subject={entry.subject} />
          </Cell>
        ) : null}
        <span
          aria-hidden="true"
          className={`hidden self-center text-slate-500 transition md:block ${open ? 'rotate-90' : ''}`}
        >
          ›
        </span>
        <span className="sr-only">{open ? 'Hide details' : 'Show details'}</span>
      </button>
      {open ? (
        <div id={detailsId}>
          <AuditDetails entry={entry} />
        </div>
      ) : null}
    </li>
  );
}

/** A field of a row: labelled on a phone (one field a line), in its column on a wide screen. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="flex min-w-0 gap-2 md:block">
      <span className="w-28 shrink-0 text-xs font-semibold text-slate-500 md:hidden">{label}</span>
      <span className="block min-w-0 flex-1">{children}</span>
    </span>
  );
}

/** Newer / Older under a keyset-paged list, with the page's number. */
export function AuditPager({
  page,
  newer,
  older,
  loading,
}: {
  page: number;
  newer: (() => void) | undefined;
  older: (() => void) | undefined;
  loading: boolean;
}) {
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={!newer} onClick={newer}>
        Newer
      </Button>
      <p className="text-sm text-slate-600">{loading ? 'Loading...' : `Page ${page}`}</p>
      <Button variant="secondary" disabled={!older} onClick={older}>
        Older
      </Button>
    </nav>
  );
}
