import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  FOUR_EYES_WINDOW_HOURS,
} from '@candor/domain/approvals/approval-status';
import { BOOKING_WINDOW_DAYS } from '@candor/domain/trading/booking-times';
import { TRADE_DIRECTIONS } from '@candor/domain/trading/trade-result';
import { z } from 'zod';
import { CoinAddressesSchema } from './coins.ts';
import { DecimalAmountSchema, PageQuerySchema, pageOf } from './money.ts';
import { REASON_REQUIRED, reasonBodySchema } from './reasons.ts';

/** How many approvals the Approvals tab shows a page. */
export const APPROVALS_PAGE_SIZE = 10;
export const APPROVAL_REASON_MAX_LENGTH = 500;

export const ApprovalKindSchema = z.enum(APPROVAL_KINDS);
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);

export const APPROVAL_KIND_LABELS = {
  adjustment: 'Manual adjustment',
  withdrawal_approval: 'Withdrawal approval',
  wallet_change: 'Deposit address change',
  four_eyes_threshold: 'Second approval threshold change',
  desk_trade: 'Desk trade',
  identity_for_withdrawals: 'Withdrawal identity requirement change',
  unverified_limits: 'Unverified account limits change',
} as const satisfies Record<(typeof APPROVAL_KINDS)[number], string>;

export const APPROVAL_STATUS_LABELS = {
  awaiting: 'Awaiting second approval',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
  cancelled: 'Cancelled',
} as const satisfies Record<(typeof APPROVAL_STATUSES)[number], string>;

/**
 * A withdrawal its customer cancelled while it waited for a second approval closes that request as
 * 'cancelled', with the customer as `cancelledBy` (docs/decisions/057): it reads as cancelled by the
 * customer, not as a staff member's rejection or the maker's cancellation.
 */
export function isCancelledByCustomer(approval: Pick<Approval, 'status' | 'cancelledBy'>): boolean {
  return approval.status === 'cancelled' && approval.cancelledBy?.role === 'client';
}

/** The badge of a request its customer cancelled (as the withdrawal's own status reads). */
export const APPROVAL_CANCELLED_LABEL = 'Cancelled by customer';

/** What the four-eyes screens and the server say. */
export const APPROVAL_MESSAGES = {
  awaiting: 'Awaiting second approval',
  awaitingDescription: 'Nothing moves until a second staff member approves it on the Approvals tab.',
  /**
   * Why an adjustment or a desk booking waits: what staff moved for the customer on their own word in
   * the last 24 hours counts with it (docs/decisions/048, 054), so it may wait though it is small.
   */
  awaitingAdjustment: `With the customer's manual adjustments and desk trades of the last ${FOUR_EYES_WINDOW_HOURS} hours (those still awaiting approval included), this adjustment is above the second approval threshold. Nothing moves until a second staff member approves it on the Approvals tab.`,
  awaitingDeskTrade: `With the customer's manual adjustments and desk trades of the last ${FOUR_EYES_WINDOW_HOURS} hours (those still awaiting approval included), this result is above the second approval threshold. Nothing reaches the customer until a second staff member approves it on the Approvals tab.`,
  /** The reason the server records when a waiting desk booking can no longer be approved. */
  deskTradeExpired: `Its open time is now more than ${BOOKING_WINDOW_DAYS} days back, outside the booking window: it can no longer be approved.`,
  approved: 'Approved: the action was carried out',
  rejected: 'Request rejected: nothing moved',
  cancelled: 'Request cancelled: nothing moved',
  /** Only the maker withdraws a waiting request; anyone else who may decide it rejects it. */
  onlyMakerCancels: 'Only the staff member who made this request can cancel it; reject it instead.',
  failed: 'The decision failed',
  notFound: 'Approval request not found',
  reasonTooLong: `The reason can be at most ${APPROVAL_REASON_MAX_LENGTH} characters`,
  makerCannotDecide: 'You made this request: a different staff member must approve or reject it.',
  withdrawalAwaiting:
    'This withdrawal is awaiting a second approval: approve or reject that request on the Approvals tab first.',
  alreadyDecided: (status: string) => `This request was already ${status}.`,
  roleCannotDecide: (kind: string) => `Your role cannot decide a request of this kind (${kind}).`,
  /** The checker's reason recorded when the customer cancels the withdrawal it waited for. */
  cancelledByCustomer: 'The customer cancelled the withdrawal',
  /** The toast of a request above the threshold carried out at once: nobody else can decide it. */
  noSecondDecider: 'Carried out without a second approval',
  noSecondDeciderDescription:
    'No other staff member can approve this yet, so it did not wait. The audit log records why.',
  /** The Settings page (beside the threshold) and the Approvals tab while nobody else can decide. */
  fourEyesNeedsTwo: 'Four-eyes applies once a second staff member who can approve exists.',
  fourEyesAloneNow:
    'Until then, requests above the threshold are carried out at once, and the audit log says so.',
  /** Some kinds have a second decider, others not: the others, by name. */
  fourEyesAloneFor: (kinds: string) =>
    `No other staff member can approve these yet, so they are carried out at once: ${kinds}.`,
} as const;

/**
 * Why a request above the four-eyes threshold was carried out at once (docs/decisions/053, "Four-eyes
 * means two people"): no other active staff member holds a role that decides its kind. Answers carry
 * it as `fourEyes` (null when the request was below the threshold or waits), and so does the audit
 * row's `after`. An answer stored for an Idempotency-Key before the field existed reads as null.
 */
export const FOUR_EYES_NOTES = ['no_second_decider'] as const;
export const FourEyesNoteSchema = z.enum(FOUR_EYES_NOTES);
export type FourEyesNote = z.infer<typeof FourEyesNoteSchema>;
export const NO_SECOND_DECIDER = 'no_second_decider' satisfies FourEyesNote;

/**
 * GET /api/admin/approvals/second-deciders: for each kind of request, whether a staff member other
 * than the one asking could decide it (false: their requests of that kind do not wait).
 */
export const SecondDecidersSchema = z
  .object({ kinds: z.record(z.enum(APPROVAL_KINDS), z.boolean()) })
  .meta({ id: 'SecondDeciders' });
export type SecondDeciders = z.infer<typeof SecondDecidersSchema>;

/** A staff member as the approval shows them: name and role at the time of the action. */
export const ApprovalPersonSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type ApprovalPerson = z.infer<typeof ApprovalPersonSchema>;

/**
 * A change of the deposit addresses (kind wallet_change): the addresses in force when it was asked,
 * and those it sets once approved (docs/decisions/048).
 */
export const WalletChangeRequestSchema = z
  .object({ before: CoinAddressesSchema, after: CoinAddressesSchema })
  .meta({ id: 'WalletChangeRequest' });
export type WalletChangeRequest = z.infer<typeof WalletChangeRequestSchema>;

/**
 * A change of the four-eyes threshold that loosens it (kind four_eyes_threshold): the threshold in
 * force when it was asked and the one it sets once approved, in dollars ("0.00" = off;
 * docs/decisions/053).
 */
export const ThresholdChangeRequestSchema = z
  .object({ before: DecimalAmountSchema, after: DecimalAmountSchema })
  .meta({ id: 'ThresholdChangeRequest' });
export type ThresholdChangeRequest = z.infer<typeof ThresholdChangeRequestSchema>;

/**
 * A change of "withdrawals need a verified identity" that loosens it (kind identity_for_withdrawals:
 * turning it off): the value in force when it was asked and the one it sets once approved (decision
 * 053, section of 2026-11-30).
 */
export const IdentityRuleChangeRequestSchema = z
  .object({ before: z.boolean(), after: z.boolean() })
  .meta({ id: 'IdentityRuleChangeRequest' });
export type IdentityRuleChangeRequest = z.infer<typeof IdentityRuleChangeRequestSchema>;

/** The 30-day limits of an account whose identity is not verified, in dollars ("1000.00"). */
export const UnverifiedLimitsSchema = z.object({
  deposit: DecimalAmountSchema,
  withdrawal: DecimalAmountSchema,
});
export type UnverifiedLimits = z.infer<typeof UnverifiedLimitsSchema>;

/**
 * A change that raises a 30-day limit of unverified accounts (kind unverified_limits): both limits as
 * in force once the save that asked for it applied (a lowering in that save already counts), and
 * both as they are once approved (decision 053, section of 2026-12-01).
 */
export const LimitsChangeRequestSchema = z
  .object({ before: UnverifiedLimitsSchema, after: UnverifiedLimitsSchema })
  .meta({ id: 'LimitsChangeRequest' });
export type LimitsChangeRequest = z.infer<typeof LimitsChangeRequestSchema>;

/**
 * A desk booking whose result is above the threshold (kind desk_trade, docs/decisions/054): the
 * trade as the maker booked it, and the result computed then. Its reason is the maker's reason (the
 * customer reads it once the proposal reaches them); the approval's amount is the result's size.
 */
export const DeskTradeBookingSchema = z
  .object({
    symbol: z.string(),
    direction: z.enum(TRADE_DIRECTIONS),
    /** The margin in dollars. */
    amount: DecimalAmountSchema,
    lotSize: z.string(),
    openedAt: z.iso.datetime(),
    openPrice: z.string(),
    closedAt: z.iso.datetime(),
    closePrice: z.string(),
    /** The signed result in dollars, computed from the prices when it was booked. */
    result: DecimalAmountSchema,
  })
  .meta({ id: 'DeskTradeBooking' });
export type DeskTradeBooking = z.infer<typeof DeskTradeBookingSchema>;

/** One four-eyes request: what the maker asked for, and the checker's decision once taken. */
export const ApprovalSchema = z
  .object({
    id: z.uuid(),
    kind: ApprovalKindSchema,
    status: ApprovalStatusSchema,
    /** The customer whose money it moves or whom a desk trade is for (null for a wallet or threshold change). */
    userId: z.string().nullable(),
    /** The customer's e-mail address (null for a wallet change or a threshold change). */
    email: z.string().nullable(),
    /** The withdrawal to approve (kind withdrawal_approval). */
    withdrawalId: z.uuid().nullable(),
    /** The amount it moves; a desk trade's result, unsigned (null for a wallet or threshold change). */
    amount: DecimalAmountSchema.nullable(),
    /** An adjustment's direction: 'credit' or 'debit' (null for a withdrawal or a wallet change). */
    direction: z.enum(['credit', 'debit']).nullable(),
    /** The deposit addresses before and after (kind wallet_change; null otherwise). */
    walletChange: WalletChangeRequestSchema.nullable(),
    /** The four-eyes threshold before and after (kind four_eyes_threshold; null otherwise). */
    thresholdChange: ThresholdChangeRequestSchema.nullable(),
    /** "Withdrawals need a verified identity" before and after (kind identity_for_withdrawals; null otherwise). */
    identityRuleChange: IdentityRuleChangeRequestSchema.nullable().default(null),
    /** The unverified account limits before and after (kind unverified_limits; null otherwise). */
    limitsChange: LimitsChangeRequestSchema.nullable().default(null),
    /** The booking that waits (kind desk_trade; null otherwise). */
    deskTrade: DeskTradeBookingSchema.nullable(),
    /** The trade an approved desk booking proposed to the customer (kind desk_trade). */
    tradeId: z.uuid().nullable(),
    maker: ApprovalPersonSchema,
    makerReason: z.string(),
    /** The second staff member who approved or rejected it (the system for an expired request). */
    checker: ApprovalPersonSchema.nullable(),
    /** The checker's reason; a cancelled request's reason; an expired request's, the system's. */
    checkerReason: z.string().nullable(),
    /**
     * Who cancelled it (status cancelled; null otherwise): its maker (docs/decisions/057), or the
     * customer (role 'client'), who cancelled the withdrawal it waited for.
     */
    cancelledBy: ApprovalPersonSchema.nullable(),
    /** The ledger entry that carried an approved adjustment out. */
    entryId: z.string().nullable(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof ApprovalSchema>;

export const ApprovalPageSchema = pageOf(ApprovalSchema, 'ApprovalPage');
export type ApprovalPage = z.infer<typeof ApprovalPageSchema>;

/**
 * GET /api/admin/users/:id/waiting-desk-trades: the customer's desk bookings that never reached them,
 * those awaiting a second approval (oldest first), then those that expired waiting (latest first).
 */
export const WaitingDeskTradesSchema = z
  .object({ items: z.array(ApprovalSchema) })
  .meta({ id: 'WaitingDeskTrades' });
export type WaitingDeskTrades = z.infer<typeof WaitingDeskTradesSchema>;

/** GET /api/admin/approvals: waiting requests first (oldest first), then decided ones (newest first). */
export const ApprovalListQuerySchema = PageQuerySchema;
export type ApprovalListQuery = z.infer<typeof ApprovalListQuerySchema>;

/** POST /api/admin/approvals/:id/approve and /reject: the checker's reason is required. */
export const DecideApprovalRequestSchema = reasonBodySchema({
  maxLength: APPROVAL_REASON_MAX_LENGTH,
  required: REASON_REQUIRED,
  tooLong: APPROVAL_MESSAGES.reasonTooLong,
  readBy: 'staff',
}).meta({ id: 'DecideApprovalRequest' });
export type DecideApprovalRequest = z.infer<typeof DecideApprovalRequestSchema>;

/** Where a withdrawal waits for its second approval (admin withdrawal views). */
export const WaitingApprovalSchema = z
  .object({ id: z.uuid(), maker: ApprovalPersonSchema, createdAt: z.iso.datetime() })
  .meta({ id: 'WaitingApproval' });
export type WaitingApproval = z.infer<typeof WaitingApprovalSchema>;

/**
 * The ledger description of an adjustment carried out after a second approval: the maker's reason,
 * then who made and who approved it. Staff read it so on the user page; the customer's statement
 * shows the reason alone, as for any adjustment (ledger.service.ts, decision 017).
 */
export function approvedAdjustmentDescription(
  reason: string,
  makerName: string,
  checkerName: string,
): string {
  return `${reason} — made by ${makerName}, approved by ${checkerName}`;
}
