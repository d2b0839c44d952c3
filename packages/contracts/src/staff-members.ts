import { z } from 'zod';
import { SignUpRequestSchema, UserRoleSchema } from './auth.ts';
import { REASON_REQUIRED, reasonBodySchema } from './reasons.ts';
import { StaffRoleSchema } from './staff.ts';

/** A member of the staff, as the owner's Staff tab lists them. */
export const StaffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    role: StaffRoleSchema,
    /** When they were given this role (the last assignment on record), or when the account was made. */
    since: z.iso.datetime(),
    /** Without two-factor no staff page opens for them: they cannot act, nor approve a request. */
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ items: z.array(StaffMemberSchema) }).meta({ id: 'StaffList' });
export type StaffList = z.infer<typeof StaffListSchema>;

/** A new role for a member: any staff role, or 'client' to remove them from the staff. */
export const ChangeStaffRoleRequestSchema = z.object({ role: UserRoleSchema });
export type ChangeStaffRoleRequest = z.infer<typeof ChangeStaffRoleRequestSchema>;

/** A new staff account (verified: the owner typed the address), with its initial password. */
export const CreateStaffMemberRequestSchema = SignUpRequestSchema.extend({ role: StaffRoleSchema });
export type CreateStaffMemberRequest = z.infer<typeof CreateStaffMemberRequestSchema>;

/** A staff role for an account that already exists, found by its e-mail. */
export const GrantStaffRoleRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .regex(z.regexes.email, 'Invalid email format'),
  role: StaffRoleSchema,
});
export type GrantStaffRoleRequest = z.infer<typeof GrantStaffRoleRequestSchema>;

/**
 * The owner ends every session of another staff member (a stolen laptop), saying why: the reason is
 * kept in the audit log only (docs/decisions/061).
 */
export const EndStaffSessionsRequestSchema = reasonBodySchema({
  maxLength: 500,
  required: REASON_REQUIRED,
  tooLong: 'The reason can be at most 500 characters',
  readBy: 'staff',
}).meta({ id: 'EndStaffSessionsRequest' });
export type EndStaffSessionsRequest = z.infer<typeof EndStaffSessionsRequestSchema>;

export const STAFF_MESSAGES = {
  roleChanged: 'Role updated',
  /** Beside a member without two-factor (decision 053, section of 2026-12-02). */
  twoFactorOff: 'Two-factor off: cannot open the back office or approve requests until they turn it on',
  memberAdded: 'Staff member added',
  lastOwner: 'The last owner cannot be demoted: make another member owner first.',
  ownRole: 'You cannot change your own role: another owner can.',
  notStaffYet: 'No account found with that email address',
  /** Ending a member's sessions from the back office is for others' sessions only. */
  ownSessions: 'Your own sessions are ended on your account security page, not here.',
  notStaffMember: "This account is not a staff member's: a customer's sessions are ended on their page.",
  /** Staff accounts are not listed as users: a customer with money or open business stays a customer. */
  customerHoldsMoney:
    'This customer holds money or open business (a balance, open positions, pending deposits or withdrawals, a loan, a trader copied): as staff, it would vanish from the Users tab. Settle it first, or add the staff member with a new account.',
} as const;
