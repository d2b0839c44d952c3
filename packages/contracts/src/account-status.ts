import { formatUsd } from '@candor/domain/money/money';
import { z } from 'zod';
import { formatUtcMinute } from './account-security.ts';
import { UserStatusSchema } from './auth.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { customerText } from './staff-texts.ts';

/**
 * Suspending, unsuspending and closing a customer's account (PRODUCT.md §2 Admin user details,
 * issue 10). Each needs a reason: a suspension's is shown to the customer under the inactive
 * message; every reason is recorded in the audit log.
 */
export const ACCOUNT_STATUS_REASON_MAX_LENGTH = 500;

/** What the account status actions and the server say (toasts from seed-spec §8). */
export const ACCOUNT_STATUS_MESSAGES = {
  reasonTooLong: `The reason can be at most ${ACCOUNT_STATUS_REASON_MAX_LENGTH} characters`,
  updated: 'User status updated',
  updateFailed: 'Failed to update user status',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  closed: 'This account is closed.',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  deleting: 'Deleting...',
} as const;

/**
 * Why a staff account (any role but client) is not suspended or closed from its /user/{id} page:
 * staff are managed by their role on the Staff tab, and the server refuses the change with 409
 * CONFLICT until the account is a customer's again (docs/decisions/061).
 */
export const STAFF_ACCOUNT_STATUS_MESSAGE =
  'This is a staff account: change its role to client on the Staff tab before changing its status.';

/**
 * How long after a manual adjustment (either direction), or a deposit rejected, the account cannot
 * be closed: the customer is told of each and must have had time to see it and object before their
 * access ends (docs/decisions/046-no-silent-money-moves.md).
 */
export const CLOSE_AFTER_ADJUSTMENT_DAYS = 7;

/**
 * Why an account cannot be closed yet: each names what must happen first. A refusal names every one
 * that applies, one sentence each (business first, then money, then a wait). Reserved money is named by what holds it: an open
 * position's margin and an undecided withdrawal's amount with those, `reserved` only for what is
 * reserved for neither.
 */
export const CLOSE_ACCOUNT_REFUSALS = {
  balance: (minor: bigint) => `The balance is ${formatUsd(minor)}: it must be zero to close the account.`,
  reserved: (minor: bigint) =>
    `${formatUsd(minor)} is reserved, neither as an open position's margin nor for a withdrawal: it must be zero to close the account.`,
  openPositions: (count: number, marginMinor: bigint) =>
    `The account has ${count} open position${count === 1 ? '' : 's'}, with ${formatUsd(marginMinor)} reserved as ${count === 1 ? 'its' : 'their'} margin: close ${count === 1 ? 'it' : 'them'} before closing the account.`,
  pendingDeposits: (count: number) =>
    `The account has ${count} pending deposit${count === 1 ? '' : 's'}: approve or reject ${count === 1 ? 'it' : 'them'} before closing the account.`,
  pendingWithdrawals: (count: number, reservedMinor: bigint) =>
    `The account has ${count} withdrawal${count === 1 ? '' : 's'} not yet decided, with ${formatUsd(reservedMinor)} reserved for ${count === 1 ? 'it' : 'them'}: approve or reject ${count === 1 ? 'it' : 'them'} before closing the account.`,
  loanOwed: (minor: bigint) =>
    `The account owes ${formatUsd(minor)} on a loan: it must be repaid before closing the account.`,
  pendingLoanApplications: (count: number) =>
    `The account has ${count} loan application${count === 1 ? '' : 's'} under review: approve or decline ${count === 1 ? 'it' : 'them'} before closing the account.`,
  waitingApprovals: (count: number) =>
    `The account has ${count} request${count === 1 ? '' : 's'} awaiting second approval: approve or reject ${count === 1 ? 'it' : 'them'} before closing the account.`,
  /** `closableFrom`: an ISO time, CLOSE_AFTER_ADJUSTMENT_DAYS after the latest manual adjustment. */
  recentAdjustment: (closableFrom: string) =>
    `A manual adjustment was posted to the account less than ${CLOSE_AFTER_ADJUSTMENT_DAYS} days ago: the customer must have time to see it and object. The account can be closed from ${formatUtcMinute(closableFrom)}.`,
  /** `closableFrom`: an ISO time, CLOSE_AFTER_ADJUSTMENT_DAYS after the latest deposit rejected. */
  recentDepositRejection: (closableFrom: string) =>
    `A deposit was rejected less than ${CLOSE_AFTER_ADJUSTMENT_DAYS} days ago: the customer must have time to see it and object. The account can be closed from ${formatUtcMinute(closableFrom)}.`,
} as const;

/** GET /api/admin/users/:id/close-check: what would refuse closing the account now (none: it can be closed). */
export const CloseCheckSchema = z.object({ refusals: z.array(z.string()) }).meta({ id: 'CloseCheck' });
export type CloseCheck = z.infer<typeof CloseCheckSchema>;

/** The name a closed account keeps (its personal data is erased). */
export const CLOSED_ACCOUNT_NAME = 'Closed account';

/** A suspension's reason is shown to the customer, a closure's is in their notice; an unsuspension's shares the body. */
const reasonSchema = customerText(
  z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(ACCOUNT_STATUS_REASON_MAX_LENGTH, ACCOUNT_STATUS_MESSAGES.reasonTooLong),
);

/** The body of suspend, unsuspend and close: the reason, required. */
export const AccountStatusRequestSchema = z
  .object({ reason: reasonSchema })
  .meta({ id: 'AccountStatusRequest' });
export type AccountStatusRequest = z.infer<typeof AccountStatusRequestSchema>;

/** An account's status after a suspension or unsuspension. */
export const AccountStatusSchema = z
  .object({
    id: z.string(),
    status: UserStatusSchema,
    statusReason: z.string().nullable(),
  })
  .meta({ id: 'AccountStatus' });
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** A closed account: what was erased is counted, never shown. */
export const ClosedAccountSchema = z
  .object({
    id: z.string(),
    status: z.literal('closed'),
    closedAt: z.iso.datetime(),
  })
  .meta({ id: 'ClosedAccount' });
export type ClosedAccount = z.infer<typeof ClosedAccountSchema>;
