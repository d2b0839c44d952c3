import type { AuditEntry } from '@candor/contracts/audit';

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A value a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) is prefixed with an apostrophe, so opening the export runs nothing.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const AUDIT_CSV_HEADER = [
  'seq',
  'time',
  'actor_id',
  'actor_name',
  'actor_email',
  'actor_role',
  'approver_id',
  'approver_role',
  'action',
  'target_type',
  'target_id',
  'customer_id',
  'customer_name',
  'customer_email',
  'reason',
  'before',
  'after',
];

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** One audit row as a CSV line (with its line break). */
export function auditCsvLine(entry: AuditEntry): string {
  return `${[
    entry.seq,
    entry.createdAt,
    entry.actor.id,
    entry.actor.name,
    entry.actor.email,
    entry.actor.role,
    entry.approver?.id,
    entry.approver?.role,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.subject?.id,
    entry.subject?.name,
    entry.subject?.email,
    entry.reason,
    json(entry.before),
    json(entry.after),
  ]
    .map(csvField)
    .join(',')}\r\n`;
}
