import {
  type MoneyParseError,
  type PercentParseError,
  parseMinorUnits,
  parsePercentBps,
} from '@candor/domain/money/money';
import { z } from 'zod';
import {
  APPROVAL_MESSAGES,
  APPROVAL_REASON_MAX_LENGTH,
  ApprovalSchema,
  FourEyesNoteSchema,
} from './approvals.ts';
import { amountTypeError, textTypeError } from './money.ts';
import { SpreadPercentSchema, SpreadPipsSchema } from './plans.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { SiteSettingsSchema } from './site-settings.ts';
import { customerText, staffOnlyText } from './staff-texts.ts';

/** The largest minimum withdrawal an administrator can set: $1,000,000,000.00. */
export const MAX_MIN_WITHDRAWAL_MINOR = 100_000_000_000n;
export const SITE_NAME_MAX_LENGTH = 60;
/** The longest e-mail address (RFC 5321's path limit). */
export const SUPPORT_EMAIL_MAX_LENGTH = 254;
export const SUPPORT_EMAIL_INVALID = 'Enter a valid e-mail address, or leave it empty';
/** How a customer who cannot help themselves is given the support e-mail (decision 058): before the address. */
export const SUPPORT_EMAIL_LEAD = 'Write to our support agents at';

const EmailAddressSchema = z.email();

/** The support e-mail: an address, or empty for none (the server stores null). */
const SupportEmailSchema = z
  .string({ error: SUPPORT_EMAIL_INVALID })
  .trim()
  .max(SUPPORT_EMAIL_MAX_LENGTH, `At most ${SUPPORT_EMAIL_MAX_LENGTH} characters`)
  .refine((text) => text === '' || EmailAddressSchema.safeParse(text).success, SUPPORT_EMAIL_INVALID);

const MIN_WITHDRAWAL_MESSAGES = {
  INVALID_AMOUNT: 'Minimum withdrawal must be an amount such as 10.00',
  TOO_MANY_DECIMALS: 'Minimum withdrawal can have at most 2 decimals',
  NEGATIVE_AMOUNT: 'Minimum withdrawal cannot be negative',
} as const satisfies Record<MoneyParseError, string>;

const PERCENT_MESSAGES = {
  INVALID_AMOUNT: 'Withdrawal percentage must be a number such as 2.5',
  TOO_MANY_DECIMALS: 'Withdrawal percentage can have at most 2 decimals',
  NEGATIVE_AMOUNT: 'Withdrawal percentage must be between 0 and 100',
  ABOVE_100_PERCENT: 'Withdrawal percentage must be between 0 and 100',
} as const satisfies Record<PercentParseError, string>;

/** What a withdrawal percentage sent as a JSON number is told (decimals travel as text). */
export const PERCENT_AS_TEXT_MESSAGE = 'Write the percentage as text, such as "2.5"';

/** A decimal amount of dollars, 0 or more, with at most 2 decimals ("10", "10.5", "10.00"). */
const MinWithdrawalSchema = z
  .string({ error: amountTypeError('Minimum withdrawal is required') })
  .trim()
  .min(1, 'Minimum withdrawal is required')
  .superRefine((text, ctx) => {
    const parsed = parseMinorUnits(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: MIN_WITHDRAWAL_MESSAGES[parsed.error] });
    else if (parsed.value > MAX_MIN_WITHDRAWAL_MINOR)
      ctx.addIssue({ code: 'custom', message: 'Minimum withdrawal is too large' });
  });

const FOUR_EYES_MESSAGES = {
  INVALID_AMOUNT: 'Second approval threshold must be an amount such as 1000.00',
  TOO_MANY_DECIMALS: 'Second approval threshold can have at most 2 decimals',
  NEGATIVE_AMOUNT: 'Second approval threshold cannot be negative',
} as const satisfies Record<MoneyParseError, string>;

/** The four-eyes threshold in dollars: 0 or more (0 turns second approval off). */
const FourEyesThresholdSchema = z
  .string({ error: amountTypeError('Second approval threshold is required') })
  .trim()
  .min(1, 'Second approval threshold is required')
  .superRefine((text, ctx) => {
    const parsed = parseMinorUnits(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: FOUR_EYES_MESSAGES[parsed.error] });
    else if (parsed.value > MAX_MIN_WITHDRAWAL_MINOR)
      ctx.addIssue({ code: 'custom', message: 'Second approval threshold is too large' });
  });

/** Identity limits (issue 12): an unverified account's 30-day deposit or withdrawal limit in dollars. */
function unverifiedLimitSchema(label: string) {
  const messages = {
    INVALID_AMOUNT: `${label} must be an amount such as 1000.00`,
    TOO_MANY_DECIMALS: `${label} can have at most 2 decimals`,
    NEGATIVE_AMOUNT: `${label} cannot be negative`,
  } as const satisfies Record<MoneyParseError, string>;
  return z
    .string({ error: amountTypeError(`${label} is required`) })
    .trim()
    .min(1, `${label} is required`)
    .superRefine((text, ctx) => {
      const parsed = parseMinorUnits(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: messages[parsed.error] });
      else if (parsed.value > MAX_MIN_WITHDRAWAL_MINOR)
        ctx.addIssue({ code: 'custom', message: `${label} is too large` });
    });
}

/** A percentage from 0 to 100 with at most 2 decimals ("2.5"). */
const WithdrawalPercentSchema = z
  .string({ error: textTypeError('Withdrawal percentage is required', PERCENT_AS_TEXT_MESSAGE) })
  .trim()
  .min(1, 'Withdrawal percentage is required')
  .superRefine((text, ctx) => {
    const parsed = parsePercentBps(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGES[parsed.error] });
  });

/** The settings form (admin Manage page, Settings tab) and PUT /api/admin/settings. */
export const UpdateSiteSettingsRequestSchema = z
  .object({
    siteName: customerText(
      z
        .string({ error: textTypeError('Site name is required', 'Site name must be text') })
        .trim()
        .min(1, 'Site name is required')
        .max(SITE_NAME_MAX_LENGTH, `Site name can have at most ${SITE_NAME_MAX_LENGTH} characters`),
    ),
    /**
     * Where customers write for help; empty or null for none (null is what GET answers for none, so
     * an API client's GET → PUT round trip works). Left out, it keeps its value.
     */
    supportEmail: customerText(SupportEmailSchema).nullable().optional(),
    minWithdrawal: MinWithdrawalSchema,
    withdrawalPercent: WithdrawalPercentSchema,
    /**
     * Four-eyes: a withdrawal approval above this many dollars, and a manual adjustment or a desk
     * booking that with the customer's manual adjustments and desk trades of the last 24 hours is above
     * it, wait for a second staff member; so does every change of the deposit addresses while it is
     * above 0 ("0" turns it off). Left out, it keeps its value.
     */
    fourEyesThreshold: FourEyesThresholdSchema.optional(),
    /**
     * Why the threshold changes (docs/decisions/053): required when `fourEyesThreshold` differs from
     * the one in force (400 "Reason is required"), ignored otherwise. A change that loosens it
     * (raised, or 0 while on) waits for a second staff member with this reason; one that tightens it
     * applies at once with this reason on record.
     */
    fourEyesReason: staffOnlyText(
      z
        .string({ error: REASON_REQUIRED })
        .trim()
        .max(APPROVAL_REASON_MAX_LENGTH, APPROVAL_MESSAGES.reasonTooLong),
    ).optional(),
    /** Identity verification (issue 12): days after a decline that its ID images are erased. Left out, it keeps its value. */
    declinedIdRetentionDays: z
      .number({ error: 'Declined ID retention must be a whole number of days' })
      .int('Declined ID retention must be a whole number of days')
      .min(1, 'Declined ID retention must be between 1 and 3650 days')
      .max(3650, 'Declined ID retention must be between 1 and 3650 days')
      .optional(),
    /** Years after an account is closed that its approved identity records are erased. Left out, it keeps its value. */
    approvedIdRetentionYears: z
      .number({ error: 'Approved ID retention must be a whole number of years' })
      .int('Approved ID retention must be a whole number of years')
      .min(1, 'Approved ID retention must be between 1 and 50 years')
      .max(50, 'Approved ID retention must be between 1 and 50 years')
      .optional(),
    /**
     * Identity limits (issue 12): withdrawals are refused until the identity is verified. Left out,
     * kept. Turning it off waits for a second staff member, turning it on applies at once (decision
     * 053, section of 2026-11-30).
     */
    withdrawalsNeedVerifiedIdentity: z.boolean().optional(),
    /**
     * Why `withdrawalsNeedVerifiedIdentity` changes: required when it differs from the value in force
     * (400 "Reason is required"), ignored otherwise; read by the second staff member when it waits.
     */
    identityReason: staffOnlyText(
      z
        .string({ error: REASON_REQUIRED })
        .trim()
        .max(APPROVAL_REASON_MAX_LENGTH, APPROVAL_MESSAGES.reasonTooLong),
    ).optional(),
    /**
     * Why `unverifiedDepositLimit` or `unverifiedWithdrawalLimit` changes: required when either
     * differs from the one in force (400 "Reason is required"), ignored otherwise. Raising one waits
     * for a second staff member with this reason; lowering one applies at once (decision 053, section
     * of 2026-12-01).
     */
    limitsReason: staffOnlyText(
      z
        .string({ error: REASON_REQUIRED })
        .trim()
        .max(APPROVAL_REASON_MAX_LENGTH, APPROVAL_MESSAGES.reasonTooLong),
    ).optional(),
    /** Identity limits: the most an unverified account may deposit in 30 days. Left out, kept. */
    unverifiedDepositLimit: unverifiedLimitSchema('Unverified deposit limit').optional(),
    /** Identity limits: the most an unverified account may withdraw in 30 days. Left out, kept. */
    unverifiedWithdrawalLimit: unverifiedLimitSchema('Unverified withdrawal limit').optional(),
    /** Trading terms of accounts without a trading package (issue 13). Each left out keeps its value. */
    defaultForexSpreadPips: SpreadPipsSchema.optional(),
    defaultOtherSpreadPercent: SpreadPercentSchema.optional(),
    defaultMaxLeverage: z
      .number({ error: 'Default maximum leverage must be a whole number' })
      .int('Default maximum leverage must be a whole number')
      .min(1, 'Default maximum leverage must be between 1 and 1000')
      .max(1000, 'Default maximum leverage must be between 1 and 1000')
      .optional(),
  })
  .meta({ id: 'UpdateSiteSettingsRequest' });
export type UpdateSiteSettingsRequest = z.infer<typeof UpdateSiteSettingsRequestSchema>;

/** Toasts of the settings form (seed §8). */
export const SETTINGS_MESSAGES = {
  updated: 'Site settings updated successfully!',
  updateFailed: (message: string) => `Failed to update site settings: ${message}`,
} as const;

/** What a save did to the four-eyes threshold (docs/decisions/053). */
export const THRESHOLD_CHANGE_STATES = ['applied', 'awaiting_approval', 'unchanged'] as const;

/**
 * GET /api/admin/settings: every setting, and the change of the four-eyes threshold waiting for a
 * second staff member (null when none waits). `fourEyesThreshold` is always the one in force.
 */
export const AdminSettingsSchema = SiteSettingsSchema.extend({
  pendingThresholdChange: ApprovalSchema.nullable(),
  /** Turning off "withdrawals need a verified identity", waiting for a second staff member (or null). */
  pendingIdentityChange: ApprovalSchema.nullable().default(null),
  /** Raising a limit of unverified accounts, waiting for a second staff member (or null). */
  pendingLimitsChange: ApprovalSchema.nullable().default(null),
}).meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/**
 * PUT /api/admin/settings: the settings after the save, and what happened to the threshold: the other
 * fields always apply; a loosening of the threshold waits ('awaiting_approval'), a tightening applies.
 */
export const UpdateSiteSettingsResponseSchema = AdminSettingsSchema.extend({
  thresholdChange: z.enum(THRESHOLD_CHANGE_STATES),
  /** What happened to "withdrawals need a verified identity": turned off waits, turned on applies. */
  identityChange: z.enum(THRESHOLD_CHANGE_STATES).default('unchanged'),
  /** What happened to the unverified account limits: a raise waits, a lowering applies. */
  limitsChange: z.enum(THRESHOLD_CHANGE_STATES).default('unchanged'),
  /** 'no_second_decider': a loosening applied at once, since nobody else can decide it. */
  fourEyes: FourEyesNoteSchema.nullable().default(null),
}).meta({ id: 'UpdateSiteSettingsResponse' });
export type UpdateSiteSettingsResponse = z.infer<typeof UpdateSiteSettingsResponseSchema>;

/** What the four-eyes part of the settings form and the server say about a change of the threshold. */
export const THRESHOLD_MESSAGES = {
  /** Refused while a change waits: one change of the threshold at a time. */
  changeWaiting:
    'A change of the second approval threshold is awaiting a second approval: approve or reject it on the Approvals tab first.',
  /** Approving a change asked against a threshold that is no longer in force. */
  changedMeanwhile:
    'The second approval threshold changed since this request was made: reject it, and ask for the change again.',
  awaitingDescription:
    'The other settings were saved. The threshold in force stays until a second staff member approves the change on the Approvals tab.',
} as const;

/**
 * What the settings form, the Approvals tab and the server say about turning "withdrawals need a
 * verified identity" off or on (decision 053, section of 2026-11-30).
 */
export const IDENTITY_RULE_MESSAGES = {
  /** What the setting decides, in a line (the Approvals tab's card). */
  subject: 'Whether an account whose identity is not verified may withdraw',
  on: 'On: withdrawals need a verified identity',
  off: 'Off: an unverified account may withdraw up to the unverified withdrawal limit in 30 days',
  changeWaiting:
    'Turning off "Withdrawals need a verified identity" is awaiting a second approval: approve or reject it on the Approvals tab first.',
  changedMeanwhile:
    '"Withdrawals need a verified identity" changed since this request was made: reject it, and ask for the change again.',
  awaitingDescription:
    'The other settings were saved. Withdrawals still need a verified identity until a second staff member approves turning it off on the Approvals tab.',
} as const;

/**
 * What the settings form, the Approvals tab and the server say about a change of the unverified
 * account limits (decision 053, section of 2026-12-01).
 */
export const LIMITS_MESSAGES = {
  /** What the setting decides, in a line (the Approvals tab's card). */
  subject: 'How much an account whose identity is not verified may deposit and withdraw in 30 days',
  changeWaiting:
    'A change of the unverified account limits is awaiting a second approval: approve or reject it on the Approvals tab first.',
  changedMeanwhile:
    'The unverified account limits changed since this request was made: reject it, and ask for the change again.',
  awaitingDescription:
    'The other settings were saved. The unverified account limits in force stay until a second staff member approves raising them on the Approvals tab.',
} as const;
