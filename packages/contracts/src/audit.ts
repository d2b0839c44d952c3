import { z } from 'zod';
import { SearchTextSchema } from './search.ts';

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 25;

/** Who, or which customer: a user id or an e-mail address (case-insensitive). */
const PersonFilter = SearchTextSchema;

/** The filters of the audit log and its CSV export. */
export const AuditFilterSchema = z.object({
  /**
   * The staff member: their user id or e-mail ('cli' for the command line, 'system' for the server).
   * Their rows are those they made and those they approved as the second staff member.
   */
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

/**
 * Every action the server records in the audit log. `recordAudit` takes only these (the compiler
 * refuses another), so a new action is added here first, with its label below; the Audit log tab's
 * filter (apps/web, audit-filters.tsx) is tested to offer every one of them.
 */
export const AUDIT_ACTIONS = [
  'approval.request',
  'approval.reject',
  'approval.expire',
  'approval.cancel',
  'audit.export',
  'copytrading.provider.create',
  'copytrading.provider.update',
  'copytrading.provider.remove',
  'deposit.approve',
  'deposit.reject',
  'housekeeping.run',
  'loans.approve',
  'loans.decline',
  'plans.create',
  'plans.update',
  'settings.favicon',
  'settings.update',
  'staff.create',
  'staff.create_owner',
  'staff.setup_owner',
  'staff.role',
  'trade.book',
  'trade.close',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.recovery_codes',
  'user.adjustment',
  'user.close',
  'user.own_password',
  'user.reset_link',
  'user.session_ended',
  'user.sessions_ended',
  'user.suspend',
  'user.unsuspend',
  'user.withdrawal_settings',
  'users.export',
  'verification.approve',
  'verification.claim',
  'verification.decline',
  'verification.resubmit',
  'verification.image_view',
  'verification.images_erased',
  'verification.lapse',
  'verification.record_erased',
  'verification_reason.create',
  'verification_reason.update',
  'wallets.update',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.release_hold',
  'withdrawals.freeze',
  'withdrawals.unfreeze',
  'withdrawals.release_freeze',
  'withdrawals.wait',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the log names each action the server records. */
const AUDIT_ACTION_LABELS = {
  'approval.request': 'Second approval requested',
  'approval.reject': 'Second approval refused',
  'approval.expire': 'Second approval request expired',
  // By its maker, or by the customer who cancelled the withdrawal it waited for: the actor says which.
  'approval.cancel': 'Second approval request cancelled',
  'audit.export': 'Audit log exported',
  'copytrading.provider.create': 'Strategy provider added',
  'copytrading.provider.update': 'Strategy provider changed',
  'copytrading.provider.remove': 'Strategy provider removed',
  'deposit.approve': 'Deposit approved',
  'deposit.reject': 'Deposit rejected',
  'housekeeping.run': 'Housekeeping run',
  'loans.approve': 'Loan approved',
  'loans.decline': 'Loan declined',
  'plans.create': 'Plan added',
  'plans.update': 'Plan changed',
  'settings.favicon': 'Site icon changed',
  'settings.update': 'Settings changed',
  'staff.create': 'Staff member added',
  'staff.create_owner': 'Owner created at the command line',
  'staff.setup_owner': 'Owner created with the setup link',
  'staff.role': 'Role changed',
  'trade.book': 'Trade booked by the desk',
  'trade.close': 'Trade closed',
  'two_factor.enable': 'Two-factor authentication turned on',
  'two_factor.disable': 'Two-factor authentication turned off',
  'two_factor.recovery_codes': 'New recovery codes',
  'user.adjustment': 'Manual adjustment',
  'user.close': 'Account closed',
  'user.own_password': 'Staff member chose their own password',
  'user.reset_link': 'Password reset link made',
  'user.session_ended': 'Session ended',
  'user.sessions_ended': 'Every session ended',
  'user.suspend': 'Account suspended',
  'user.unsuspend': 'Account unsuspended',
  'user.withdrawal_settings': 'Withdrawal settings changed',
  'users.export': 'Customers exported',
  'verification.approve': 'Identity approved',
  'verification.claim': 'Identity review taken',
  'verification.decline': 'Identity declined',
  'verification.resubmit': 'Identity resubmission asked',
  'verification.image_view': 'Identity image viewed',
  'verification.images_erased': 'Identity images erased',
  'verification.lapse': 'Identity verification lapsed',
  'verification.record_erased': 'Identity record erased',
  'verification_reason.create': 'Verification reason added',
  'verification_reason.update': 'Verification reason changed',
  'wallets.update': 'Wallet addresses changed',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'withdrawal.release_hold': 'Withdrawal hold released',
  'withdrawals.freeze': 'Withdrawals frozen',
  'withdrawals.unfreeze': 'Withdrawals unfrozen',
  'withdrawals.release_freeze': 'Withdrawal freeze released',
  'withdrawals.wait': 'Withdrawals wait after a security change',
} as const satisfies Record<AuditAction, string>;

/**
 * How an action reads in the log ("deposit.approve" → "Deposit approved"); one the list does not
 * name yet reads from its name ("loans.extend" → "Loans extend"), so nothing shows blank.
 */
export function describeAuditAction(action: string): string {
  const label = (AUDIT_ACTION_LABELS as Readonly<Record<string, string>>)[action];
  if (label) return label;
  const words = action.replaceAll(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
