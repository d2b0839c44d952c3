import { formatUsd, parsePercentBps } from '@candor/domain/money/money';
import { z } from 'zod';
import { DecimalAmountSchema, PageQuerySchema, pageOf, usdAmountSchema } from './money.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { customerText, staffOnlyText } from './staff-texts.ts';

/**
 * Copy trading, first part (issue 14 items 1–3): strategy providers are real customer accounts that
 * staff invite (ADD TRADER) and that accept or decline; followers start and stop copying them.
 */
export const STRATEGY_PROVIDER_STATUSES = ['invited', 'active', 'declined', 'removed'] as const;
export const StrategyProviderStatusSchema = z.enum(STRATEGY_PROVIDER_STATUSES);
export type StrategyProviderStatus = z.infer<typeof StrategyProviderStatusSchema>;

export const COPY_RELATION_STATUSES = ['active', 'cancelled', 'stopped'] as const;
export const CopyRelationStatusSchema = z.enum(COPY_RELATION_STATUSES);
export type CopyRelationStatus = z.infer<typeof CopyRelationStatusSchema>;

/**
 * Why a copy relation ended: the follower cancelled, the copy stop-loss was reached, the provider
 * was removed, or the follower's account was closed.
 */
export const COPY_END_REASONS = ['cancelled', 'stop_loss', 'provider_removed', 'account_closed'] as const;
export const CopyEndReasonSchema = z.enum(COPY_END_REASONS);
export type CopyEndReason = z.infer<typeof CopyEndReasonSchema>;

export const COPY_END_REASON_LABELS = {
  cancelled: 'Cancelled by you',
  stop_loss: 'Copy stop-loss reached',
  provider_removed: 'Provider removed',
  account_closed: 'Account closed',
} as const satisfies Record<CopyEndReason, string>;

/** The highest profit share a provider may take: 50 %. */
export const MAX_PROFIT_SHARE_BPS = 5000;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const PROVIDER_REASON_MAX_LENGTH = 500;

export const COPY_TRADING_MESSAGES = {
  // Seed §5 Add trader (Return Rate and Followers are no longer typed) and §8 toasts.
  nameRequired: 'Name is required',
  minimumBalanceRequired: 'minimum balance is required',
  profitShareRequired: 'Profit share is required',
  emailRequired: 'Customer e-mail is required',
  emailInvalid: 'Enter the e-mail address of a customer account',
  imageRequired: 'Profile image is required',
  profitShareRange: 'Profit share is between 0 and 50%',
  created: 'Trader created successfully!',
  createFailed: 'Failed to create trader.',
  deleted: 'Trader deleted successfully',
  deleteFailed: 'Failed to delete trader',
  updated: 'Trader updated',
  copied: 'Trader copied successfully',
  cancelled: 'Copying trade canceled',
  /** Asked before Cancel stops a copy (PRODUCT §2 Copy Expert: open copied trades stay open). */
  cancelQuestion: (trader: string) =>
    `Stop copying ${trader}? Their new trades are no longer copied to your account; copied trades that are open stay open.`,
  // Refusals.
  customerNotFound: 'No customer account has this e-mail address.',
  notACustomer: 'Staff accounts cannot be strategy providers.',
  accountNotActive: 'This account is suspended or closed.',
  alreadyProvider: 'This customer is already a strategy provider.',
  /** ADD TRADER for a customer whose invitation is still open (they have neither accepted nor declined). */
  alreadyInvited:
    'This customer has already been invited to be a strategy provider and has not answered yet.',
  imageNotFound: 'Upload the profile image again.',
  notFound: 'Trader not found',
  notInvited: 'There is no open invitation to accept or decline.',
  providerNotActive: 'This trader cannot be copied right now.',
  copySelf: 'You cannot copy yourself.',
  alreadyCopying: 'You are already copying this trader.',
  notCopying: 'You are not copying this trader.',
  // Seed §5 Copy trader validation: at least the minimum is needed, and it is not deducted.
  belowMinimum: (minimum: string) =>
    `You need a balance of at least ${minimum} to copy this trader. This amount will not be deducted from your balance.`,
  stopLossAboveEquity: (equity: string) => `The copy stop-loss cannot be more than your equity (${equity}).`,
  accepted: 'You are now a strategy provider.',
  declined: 'You declined to be a strategy provider.',
} as const;

/** A percentage typed by a person, 0–50 with at most two decimals ("20", "12.5"). */
const profitShareSchema = z
  .string({ error: COPY_TRADING_MESSAGES.profitShareRequired })
  .trim()
  .min(1, COPY_TRADING_MESSAGES.profitShareRequired)
  .refine((text) => {
    const parsed = parsePercentBps(text);
    return parsed.ok && parsed.value <= MAX_PROFIT_SHARE_BPS;
  }, COPY_TRADING_MESSAGES.profitShareRange);

/** Basis points of a profit share that profitShareSchema accepted. */
export function toProfitShareBps(text: string): number {
  const parsed = parsePercentBps(text);
  if (!parsed.ok) throw new Error(`not a percentage: ${text}`);
  return parsed.value;
}

/** POST /api/admin/strategy-providers/images: the uploaded image's id, to send with ADD TRADER. */
export const TraderImageUploadSchema = z
  .object({ fileId: z.string(), imageUrl: z.string() })
  .meta({ id: 'TraderImageUpload' });
export type TraderImageUpload = z.infer<typeof TraderImageUploadSchema>;

/** POST /api/admin/strategy-providers: ADD TRADER (seed §2 form without Return Rate and Followers). */
export const CreateStrategyProviderRequestSchema = z.object({
  email: z
    .string({ error: COPY_TRADING_MESSAGES.emailRequired })
    .trim()
    .min(1, COPY_TRADING_MESSAGES.emailRequired)
    .max(254, COPY_TRADING_MESSAGES.emailInvalid)
    .pipe(z.email(COPY_TRADING_MESSAGES.emailInvalid)),
  /** Shown to every customer on the copy-trading pages. */
  displayName: customerText(
    z
      .string({ error: COPY_TRADING_MESSAGES.nameRequired })
      .trim()
      .min(1, COPY_TRADING_MESSAGES.nameRequired)
      .max(DISPLAY_NAME_MAX_LENGTH, `At most ${DISPLAY_NAME_MAX_LENGTH} characters`),
  ),
  imageFileId: z
    .string({ error: COPY_TRADING_MESSAGES.imageRequired })
    .min(1, COPY_TRADING_MESSAGES.imageRequired)
    .max(64),
  minimumBalance: usdAmountSchema(COPY_TRADING_MESSAGES.minimumBalanceRequired),
  profitShare: profitShareSchema,
});
export type CreateStrategyProviderRequest = z.infer<typeof CreateStrategyProviderRequestSchema>;

/** PUT /api/admin/strategy-providers/:id: minimum balance and profit share (a new rate applies to new followers). */
export const UpdateStrategyProviderRequestSchema = z.object({
  minimumBalance: usdAmountSchema(COPY_TRADING_MESSAGES.minimumBalanceRequired),
  profitShare: profitShareSchema,
  reason: staffOnlyText(z.string().trim().max(PROVIDER_REASON_MAX_LENGTH)).optional(),
});
export type UpdateStrategyProviderRequest = z.infer<typeof UpdateStrategyProviderRequestSchema>;

/** DELETE /api/admin/strategy-providers/:id: delete trader, with a reason (audited, told to followers). */
export const RemoveStrategyProviderRequestSchema = z.object({
  /** Mailed to the provider's owner. */
  reason: customerText(
    z
      .string({ error: REASON_REQUIRED })
      .trim()
      .min(1, REASON_REQUIRED)
      .max(PROVIDER_REASON_MAX_LENGTH, `At most ${PROVIDER_REASON_MAX_LENGTH} characters`),
  ),
});
export type RemoveStrategyProviderRequest = z.infer<typeof RemoveStrategyProviderRequestSchema>;

/** A trader card (seed §2 Copy Expert). Everything is computed: nothing here is typed by staff but the terms. */
export const StrategyProviderCardSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    imageUrl: z.string().nullable(),
    minimumBalance: DecimalAmountSchema,
    /** Percent with two decimals ("20.00"): what new followers pay on profit above their high-water mark. */
    profitShare: z.string(),
    /** The real number of accounts copying now. */
    followers: z.number().int(),
    /** Time-weighted return of the last 30 days in percent, from the provider's ledger and trades; null: not enough history yet. */
    returnRate30d: z.string().nullable(),
    /** Whether the signed-in customer copies this provider now. */
    copying: z.boolean(),
    /** Whether the signed-in customer is this provider. */
    isMe: z.boolean(),
    /** How many positions the provider holds open now (a new follower may copy them at today's price). */
    openPositions: z.number().int(),
  })
  .meta({ id: 'StrategyProviderCard' });
export type StrategyProviderCard = z.infer<typeof StrategyProviderCardSchema>;

export const StrategyProviderListSchema = z
  .object({ items: z.array(StrategyProviderCardSchema) })
  .meta({ id: 'StrategyProviderList' });
export type StrategyProviderList = z.infer<typeof StrategyProviderListSchema>;

/** One open position of a provider, as its page lists it (the current result at the market's latest price). */
export const ProviderOpenPositionSchema = z.object({
  symbol: z.string(),
  direction: z.enum(['buy', 'sell']),
  amount: DecimalAmountSchema,
  lotSize: z.string(),
  openPrice: z.string(),
  openedAt: z.string(),
  /** The result closing it now would give; null when the market has no price for it. */
  currentResult: z.string().nullable(),
});
export type ProviderOpenPosition = z.infer<typeof ProviderOpenPositionSchema>;

/**
 * A provider's statistics, ALL computed from its account's ledger and trades (never entered).
 * Percents have two decimals ("12.34"); null means not enough history (or, for the profit
 * factor, no losing trade yet).
 */
export const ProviderStatisticsSchema = z
  .object({
    returnRate30d: z.string().nullable(),
    returnRate90d: z.string().nullable(),
    returnRateSinceStart: z.string().nullable(),
    /** Largest fall of the time-weighted index from a peak, since start, percent. */
    maxDrawdown: z.string().nullable(),
    winRate: z.string().nullable(),
    profitFactor: z.string().nullable(),
    trades: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    /** Mean holding time of closed trades in milliseconds; null without closed trades. */
    averageHoldingMs: z.number().int().nullable(),
    /** Cash + reserved + open results now. */
    equity: DecimalAmountSchema,
    openPositions: z.array(ProviderOpenPositionSchema),
    riskScore: z.object({
      score: z.number().int().min(1).max(10),
      yearlySwingPercent: z.string().nullable(),
      exposurePercent: z.string().nullable(),
      highestLotSize: z.string().nullable(),
    }),
    /** The published method of the risk score (one paragraph per step). */
    riskScoreMethod: z.array(z.string()),
    /** How the returns are computed, in words shown on the page. */
    returnMethod: z.array(z.string()),
    /** Settled equity at the end of each UTC day of the last 90 days (from the first day with money), then now. */
    equityCurve: z.array(z.object({ at: z.string(), equity: DecimalAmountSchema })),
  })
  .meta({ id: 'ProviderStatistics' });
export type ProviderStatistics = z.infer<typeof ProviderStatisticsSchema>;

/** The provider page: the card plus its account age, followers trend and statistics. */
export const StrategyProviderDetailSchema = StrategyProviderCardSchema.extend({
  /** When the provider's customer account was opened. */
  accountOpenedAt: z.string(),
  providerSince: z.string().nullable(),
  /** Followers copying at the end of each of the last 7 days, oldest first (the last is today, now). */
  followersTrend: z.array(z.object({ date: z.string(), followers: z.number().int() })),
  statistics: ProviderStatisticsSchema,
}).meta({ id: 'StrategyProviderDetail' });
export type StrategyProviderDetail = z.infer<typeof StrategyProviderDetailSchema>;

/** What staff see of a provider (the admin list and the answers of ADD TRADER, edit, delete). */
export const AdminStrategyProviderSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    displayName: z.string(),
    imageUrl: z.string().nullable(),
    minimumBalance: DecimalAmountSchema,
    profitShare: z.string(),
    status: StrategyProviderStatusSchema,
    followers: z.number().int(),
    createdAt: z.string(),
    respondedAt: z.string().nullable(),
    removedAt: z.string().nullable(),
    removalReason: z.string().nullable(),
  })
  .meta({ id: 'AdminStrategyProvider' });
export type AdminStrategyProvider = z.infer<typeof AdminStrategyProviderSchema>;

export const AdminStrategyProviderListSchema = z
  .object({ items: z.array(AdminStrategyProviderSchema) })
  .meta({ id: 'AdminStrategyProviderList' });
export type AdminStrategyProviderList = z.infer<typeof AdminStrategyProviderListSchema>;

/** GET /api/strategy-providers/invitation: the signed-in customer's own provider record, if any. */
export const MyProviderInvitationSchema = z
  .object({
    invitation: z
      .object({
        id: z.string(),
        displayName: z.string(),
        imageUrl: z.string().nullable(),
        minimumBalance: DecimalAmountSchema,
        profitShare: z.string(),
        status: StrategyProviderStatusSchema,
        createdAt: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'MyProviderInvitation' });
export type MyProviderInvitation = z.infer<typeof MyProviderInvitationSchema>;

/** POST /api/strategy-providers/:id/copy. */
export const StartCopyingRequestSchema = z.object({
  /** An amount of the follower's equity the copies may lose before every copy closes; null = none. */
  copyStopLoss: usdAmountSchema('Enter an amount').nullable().optional(),
  /** Also open the provider's already-open positions now, at today's price. */
  copyOpenPositions: z.boolean(),
});
export type StartCopyingRequest = z.infer<typeof StartCopyingRequestSchema>;

export const CopyRelationSchema = z
  .object({
    id: z.string(),
    provider: z.object({ id: z.string(), displayName: z.string(), imageUrl: z.string().nullable() }),
    status: CopyRelationStatusSchema,
    /** The profit share rate this follower pays (fixed when copying started). */
    profitShare: z.string(),
    copyStopLoss: DecimalAmountSchema.nullable(),
    /**
     * What the copies of this relation have lost since copying began (realised results of the closed
     * copies and the open ones' results at the market's executable price now; a gain is negative);
     * null when an open copy has no price now.
     */
    copyLoss: DecimalAmountSchema.nullable(),
    /** How many copies of this relation are open now. */
    openCopies: z.number().int(),
    copiedOpenPositions: z.boolean(),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    endReason: CopyEndReasonSchema.nullable(),
  })
  .meta({ id: 'CopyRelation' });
export type CopyRelation = z.infer<typeof CopyRelationSchema>;

export const MyCopyRelationsSchema = z
  .object({ items: z.array(CopyRelationSchema) })
  .meta({ id: 'MyCopyRelations' });
export type MyCopyRelations = z.infer<typeof MyCopyRelationsSchema>;

/** The answer of copy and cancel: the message to show and the relation. */
export const CopyActionResponseSchema = z
  .object({ message: z.string(), relation: CopyRelationSchema })
  .meta({ id: 'CopyActionResponse' });
export type CopyActionResponse = z.infer<typeof CopyActionResponseSchema>;

/** GET /api/skipped-copies: ten a page. */
export const SKIPPED_COPIES_PAGE_SIZE = 10;
export const SkippedCopyListQuerySchema = PageQuerySchema;
export type SkippedCopyListQuery = z.infer<typeof SkippedCopyListQuerySchema>;

/** A provider's trade that was not copied to the signed-in follower's account, and why. */
export const SkippedCopySchema = z
  .object({
    id: z.string(),
    skippedAt: z.string(),
    provider: z.object({ id: z.string(), displayName: z.string() }),
    symbol: z.string(),
    direction: z.enum(['buy', 'sell']),
    /** NOT_ENOUGH_CASH, BELOW_MINIMUM, NO_EQUITY, PRICE_UNAVAILABLE, ACCOUNT_NOT_ACTIVE … */
    reasonCode: z.string(),
    /** Why, as the follower was told ("The copy needs $100.00 but your available balance is $10.00."). */
    message: z.string(),
  })
  .meta({ id: 'SkippedCopy' });
export type SkippedCopy = z.infer<typeof SkippedCopySchema>;
export const SkippedCopyPageSchema = pageOf(SkippedCopySchema, 'SkippedCopyPage');
export type SkippedCopyPage = z.infer<typeof SkippedCopyPageSchema>;

export function describeMinimum(minor: bigint): string {
  return COPY_TRADING_MESSAGES.belowMinimum(formatUsd(minor));
}
