import { z } from 'zod';
import { ApprovalSchema, FourEyesNoteSchema } from './approvals.ts';
import { IdentityStatusSchema, UserRoleSchema, UserStatusSchema } from './auth.ts';
import { BalancesSchema, StatementPageSchema } from './ledger.ts';
import { usdAmountSchema } from './money.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { customerText } from './staff-texts.ts';
import { SignInRecordSchema } from './user-activity.ts';

/** How many of a user's latest ledger entries the admin user page shows. */
export const ADMIN_RECENT_ENTRIES = 10;

/**
 * One customer as an administrator sees them on /user/{id} (PRODUCT.md §2, Admin user details):
 * who they are, their account status with its reason, their balances from the ledger and their
 * latest ledger entries (the first page of their statement, 10 entries) and latest sign-ins.
 */
export const AdminUserSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    username: z.string(),
    email: z.string(),
    status: UserStatusSchema,
    statusReason: z.string().nullable(),
    role: UserRoleSchema,
    identityStatus: IdentityStatusSchema,
    createdAt: z.iso.datetime(),
    balances: BalancesSchema,
    recentEntries: StatementPageSchema,
    /** The latest successful sign-ins, newest first (RECENT_SIGN_INS). */
    recentSignIns: z.array(SignInRecordSchema),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export const AdjustmentDirectionSchema = z.enum(ADJUSTMENT_DIRECTIONS);
export type AdjustmentDirection = z.infer<typeof AdjustmentDirectionSchema>;

export const ADJUSTMENT_REASON_MAX_LENGTH = 500;

/** What the manual adjustment form and the server say. */
export const ADJUSTMENT_MESSAGES = {
  amountRequired: 'Amount is required',
  reasonTooLong: `The reason can be at most ${ADJUSTMENT_REASON_MAX_LENGTH} characters`,
  belowZero: 'A debit cannot take the balance below zero',
  adjusted: 'Balance adjusted',
  failed: 'Transaction failed',
} as const;

/**
 * A manual adjustment (PRODUCT.md §2, "Credit/Debit User" becomes "Manual adjustment"): credit or
 * debit the customer's cash, with a reason the customer reads on their statement.
 */
export const CreateAdjustmentRequestSchema = z
  .object({
    direction: AdjustmentDirectionSchema,
    amount: usdAmountSchema(ADJUSTMENT_MESSAGES.amountRequired),
    /** On the customer's statement and in the mail that tells them (decision 046). */
    reason: customerText(
      z
        .string({ error: REASON_REQUIRED })
        .trim()
        .min(1, REASON_REQUIRED)
        .max(ADJUSTMENT_REASON_MAX_LENGTH, ADJUSTMENT_MESSAGES.reasonTooLong),
    ),
  })
  .meta({ id: 'CreateAdjustmentRequest' });
export type CreateAdjustmentRequest = z.infer<typeof CreateAdjustmentRequestSchema>;

/**
 * The answer to a manual adjustment. `state` says what happened: 'completed' (the ledger entry is
 * `entryId`), or 'awaiting_approval' above the four-eyes threshold (nothing moved; `approval` is the
 * request a second staff member decides). `balances` are the customer's balances now.
 */
export const AdjustmentSchema = z
  .object({
    state: z.enum(['completed', 'awaiting_approval']),
    entryId: z.string().nullable(),
    approval: ApprovalSchema.nullable(),
    balances: BalancesSchema,
    /** 'no_second_decider': above the threshold, but carried out at once (nobody else can decide it). */
    fourEyes: FourEyesNoteSchema.nullable().default(null),
  })
  .meta({ id: 'Adjustment' });
export type Adjustment = z.infer<typeof AdjustmentSchema>;
