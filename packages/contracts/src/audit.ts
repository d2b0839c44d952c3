import { z } from 'zod';

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 25;

/** Who, or which customer: a user id or an e-mail address (case-insensitive). */
const PersonFilter = z.string().trim().max(254).optional();

/** The filters of the audit log and its CSV export. */
export const AuditFilterSchema = z.object({
  /** The staff member: their user id or e-mail ('cli' for the command line, 'system' for the server). */
  actor: PersonFilter,
  /** The customer the action concerns: their user id or e-mail. */
  subject: PersonFilter,
  /** An action ('deposit.approve') or, ending with a dot, every action of a kind ('withdrawal.'). */
  kind: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z_.]*$/, 'A kind is an action such as deposit.approve, or a prefix such as withdrawal.')
    .optional(),
  /** From this day (inclusive), YYYY-MM-DD in UTC. */
  from: z.iso.date().optional(),
  /** Up to this day (inclusive), YYYY-MM-DD in UTC. */
  to: z.iso.date().optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** One page, newest first: rows numbered below `before` (keyset paging; no `before` = the newest). */
export const AuditListQuerySchema = AuditFilterSchema.extend({
  before: z.coerce.number().int().min(1).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** A person named on an audit row: the account when it exists (or existed), otherwise just the id. */
const AuditPersonSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

export const AuditEntrySchema = z
  .object({
    seq: z.number().int(),
    createdAt: z.iso.datetime(),
    actor: AuditPersonSchema.extend({ role: z.string() }),
    approver: AuditPersonSchema.extend({ role: z.string().nullable() }).nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    subject: AuditPersonSchema.nullable(),
    reason: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z
  .object({
    items: z.array(AuditEntrySchema),
    /** The `before` of the next (older) page; null on the last page. */
    nextBefore: z.number().int().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditVerificationSchema = z
  .discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), rows: z.number().int() }),
    z.object({
      ok: z.literal(false),
      rows: z.number().int(),
      firstBadSeq: z.number().int(),
      problem: z.string(),
    }),
  ])
  .meta({ id: 'AuditVerification' });
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;

/** How an action reads in the log ("deposit.approve" → "Deposit approve"). */
export function describeAuditAction(action: string): string {
  const words = action.replaceAll(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
