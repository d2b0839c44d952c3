import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@candor/domain/withdrawals/withdrawal-status';
import { z } from 'zod';
import { FourEyesNoteSchema, WaitingApprovalSchema } from './approvals.ts';
import { COIN_SPECS, CoinSchema } from './coins.ts';
import { COIN_ADDRESS_MESSAGES, isValidCoinAddress } from './crypto-addresses.ts';
import { EntryKindSchema } from './ledger.ts';
import { DecimalAmountSchema, pageOf, usdAmountSchema } from './money.ts';
import { NO_PAYMENT_NEEDED } from './no-payment-needed.ts';
import { REASON_REQUIRED, reasonBodySchema } from './reasons.ts';
import { SearchTextSchema } from './search.ts';
import { staffOnlyText } from './staff-texts.ts';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Withdrawals per page, on the customer's list and on the admin Withdrawals tab (seed §9). */
export const WITHDRAWALS_PAGE_SIZE = 5;

/** A confirmation code is 6 digits, valid 10 minutes, with 5 tries (PRODUCT.md §2). */
export const WITHDRAWAL_CODE_LENGTH = 6;
export const WITHDRAWAL_CODE_TTL_MS = 10 * 60_000;
export const WITHDRAWAL_CODE_MAX_ATTEMPTS = 5;
/** A new code can be asked for once this long after the last one was sent. */
export const WITHDRAWAL_CODE_RESEND_MS = 30_000;

export const DECISION_REASON_MAX_LENGTH = 500;
const NAME_MAX_LENGTH = 100;

export const WITHDRAWAL_METHODS = ['bank', 'crypto', 'paypal', 'cashapp', 'gcash'] as const;
export const WithdrawalMethodSchema = z.enum(WITHDRAWAL_METHODS);
export type WithdrawalMethod = z.infer<typeof WithdrawalMethodSchema>;

/** How the select-withdrawal screen names each method (seed §2). */
export const WITHDRAWAL_METHOD_LABELS = {
  bank: 'Bank',
  crypto: 'Crypto',
  paypal: 'Paypal',
  cashapp: 'CashApp',
  gcash: 'GCash',
} as const satisfies Record<WithdrawalMethod, string>;

export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type { WithdrawalStatus };

/** How lists name each status; anything else reads "Unknown" (seed §2). */
export const WITHDRAWAL_STATUS_LABELS = {
  awaiting_confirmation: 'Awaiting confirmation',
  on_hold: 'On hold',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled by customer',
} as const satisfies Record<WithdrawalStatus, string>;

/** How the customer's own list names a status: their own cancellation reads "Cancelled by you". */
export function customerWithdrawalStatusLabel(status: string): string {
  return status === 'cancelled' ? 'Cancelled by you' : withdrawalStatusLabel(status);
}

/** A percentage from the API ("2.50") as the fee line writes it, without trailing zeros: "2.5", "3", "0". */
export function formatFeePercent(percent: string): string {
  return percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent;
}

export function withdrawalStatusLabel(status: string): string {
  const known = WITHDRAWAL_STATUSES.find((candidate) => candidate === status);
  return known ? WITHDRAWAL_STATUS_LABELS[known] : 'Unknown';
}

/** Every text the withdrawal screens and the server say. Seed §5 and §8 where the seed has one. */
export const WITHDRAWAL_MESSAGES = {
  amountRequired: 'Please enter an amount',
  insufficient: 'Insufficient balance!',
  success: 'Withdrawal successful',
  /** Under the seed's toast: the money is reserved, not yet paid. */
  successNote:
    'Pending: the amount is reserved from your balance until the withdrawal is reviewed and paid out.',
  failed: 'Failed to process withdrawal',
  invalidCode: 'Invalid withdrawal code. Please try again.',
  /** Seed §8: checking a code failed for another reason than the code itself (the server, the network). */
  codeCheckFailed: 'Error verifying withdrawal code.',
  codeExpired: 'This withdrawal code has expired. Ask for a new code.',
  codeSpent: 'Too many wrong codes: this code can no longer be used. Ask for a new code.',
  codeRequired: 'Enter the 6-digit code',
  codeFormat: 'The code is 6 digits',
  codeResendTooSoon: 'A code was sent a moment ago. Please wait a little before asking for a new one.',
  codeSent: 'A new code was sent to your e-mail address.',
  /** With no SMTP server configured the code is only in the customer's Messages (decision 019). */
  codeSentToMessages: 'A new code is in your Messages.',
  notFound: 'Withdrawal not found',
  reasonRequired: 'A reason is required to reject a withdrawal',
  reasonTooLong: `The reason can be at most ${DECISION_REASON_MAX_LENGTH} characters`,
  approved: 'Withdrawal approved',
  rejected: 'Withdrawal rejected',
  holdReleased: 'Hold released: the withdrawal is pending',
  /** Shown beside every hold's reason (issue 11: no withdrawal is a hostage). */
  noPaymentNeeded: `${NO_PAYMENT_NEEDED} You can cancel this request at any time and the amount returns to your balance.`,
  cancelQuestion: 'Cancel this withdrawal? The amount returns to your available balance at once.',
  cancelled: 'Withdrawal cancelled: the amount is back in your balance.',
} as const;

/** A name a payout goes to: required. */
function requiredText(required: string, max: number, tooLong: string) {
  return readInvisibleAsEmpty(z.string({ error: required }).trim().min(1, required).max(max, tooLong));
}

/** Payout details as stored and answered, per method (no checks: they were checked on the way in). */
export const BankDetailsSchema = z.object({
  accountNumber: z.string(),
  bankName: z.string(),
  accountName: z.string(),
});
export const CryptoDetailsSchema = z.object({ coin: CoinSchema, address: z.string() });
export const PaypalDetailsSchema = z.object({ email: z.string() });
export const CashappDetailsSchema = z.object({ cashtag: z.string() });
export const GcashDetailsSchema = z.object({ accountNumber: z.string(), accountName: z.string() });

export type BankDetails = z.infer<typeof BankDetailsSchema>;
export type CryptoDetails = z.infer<typeof CryptoDetailsSchema>;
export type PaypalDetails = z.infer<typeof PaypalDetailsSchema>;
export type CashappDetails = z.infer<typeof CashappDetailsSchema>;
export type GcashDetails = z.infer<typeof GcashDetailsSchema>;

/** A bank account number or IBAN: 4 to 34 letters and digits, with spaces or dashes between groups. */
export function isValidBankAccountNumber(text: string): boolean {
  return (
    /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/.test(text) && /^[A-Za-z0-9]{4,34}$/.test(text.replace(/[ -]/g, ''))
  );
}
/** `$` and 1–20 letters, digits or underscores, the first a letter. */
export const CASHTAG_PATTERN = /^\$[A-Za-z][A-Za-z0-9_]{0,19}$/;
/** A Philippine mobile number as GCash uses it: 11 digits starting 09. */
export const GCASH_NUMBER_PATTERN = /^09\d{9}$/;

export const PAYOUT_MESSAGES = {
  accountNumberRequired: 'Account number is required',
  accountNumberInvalid: 'Enter a valid account number (letters and digits, 4 to 34 characters)',
  bankNameRequired: 'Bank name is required',
  accountNameRequired: 'Account name is required',
  tooLong: `At most ${NAME_MAX_LENGTH} characters`,
  coinRequired: 'Choose a coin',
  addressRequired: 'Wallet address is required',
  paypalRequired: 'PayPal e-mail is required',
  paypalInvalid: 'Enter a valid PayPal e-mail address',
  cashtagRequired: '$Cashtag is required',
  cashtagInvalid: 'Enter a valid $Cashtag: $ then a letter, up to 20 letters, digits or underscores',
  gcashNumberRequired: 'GCash number is required',
  gcashNumberInvalid: 'Enter an 11-digit GCash number starting with 09',
} as const;

const bankInput = z.object({
  accountNumber: readInvisibleAsEmpty(
    z
      .string({ error: PAYOUT_MESSAGES.accountNumberRequired })
      .trim()
      .min(1, { error: PAYOUT_MESSAGES.accountNumberRequired, abort: true })
      .refine(isValidBankAccountNumber, PAYOUT_MESSAGES.accountNumberInvalid),
  ),
  bankName: requiredText(PAYOUT_MESSAGES.bankNameRequired, NAME_MAX_LENGTH, PAYOUT_MESSAGES.tooLong),
  accountName: requiredText(PAYOUT_MESSAGES.accountNameRequired, NAME_MAX_LENGTH, PAYOUT_MESSAGES.tooLong),
});

/** The coin decides which address format is right, so the address is checked against it. */
const cryptoInput = z
  .object({
    coin: CoinSchema.or(z.literal('')).refine((coin) => coin !== '', PAYOUT_MESSAGES.coinRequired),
    address: readInvisibleAsEmpty(z.string({ error: PAYOUT_MESSAGES.addressRequired }).trim()),
  })
  .superRefine((value, ctx) => {
    const coin = CoinSchema.safeParse(value.coin);
    if (!coin.success) {
      // No coin yet: its format cannot be checked, but a missing address is said at once.
      if (value.address.length === 0)
        ctx.addIssue({ code: 'custom', path: ['address'], message: PAYOUT_MESSAGES.addressRequired });
      return;
    }
    const messages = COIN_ADDRESS_MESSAGES[coin.data];
    if (value.address.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: messages.required });
    } else if (!isValidCoinAddress(coin.data, value.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: messages.invalid });
    }
  });

const paypalInput = z.object({
  email: readInvisibleAsEmpty(
    z
      .string({ error: PAYOUT_MESSAGES.paypalRequired })
      .trim()
      .min(1, { error: PAYOUT_MESSAGES.paypalRequired, abort: true })
      .max(254, PAYOUT_MESSAGES.paypalInvalid),
  ).pipe(z.email(PAYOUT_MESSAGES.paypalInvalid)),
});

const cashappInput = z.object({
  cashtag: readInvisibleAsEmpty(
    z
      .string({ error: PAYOUT_MESSAGES.cashtagRequired })
      .trim()
      .min(1, { error: PAYOUT_MESSAGES.cashtagRequired, abort: true })
      .regex(CASHTAG_PATTERN, PAYOUT_MESSAGES.cashtagInvalid),
  ),
});

const gcashInput = z.object({
  accountNumber: readInvisibleAsEmpty(
    z
      .string({ error: PAYOUT_MESSAGES.gcashNumberRequired })
      .trim()
      .min(1, { error: PAYOUT_MESSAGES.gcashNumberRequired, abort: true })
      .regex(GCASH_NUMBER_PATTERN, PAYOUT_MESSAGES.gcashNumberInvalid),
  ),
  accountName: requiredText(PAYOUT_MESSAGES.accountNameRequired, NAME_MAX_LENGTH, PAYOUT_MESSAGES.tooLong),
});

/** Each method's form: the checks the browser runs and the server runs again. */
export const PAYOUT_DETAILS_INPUT = {
  bank: bankInput,
  crypto: cryptoInput,
  paypal: paypalInput,
  cashapp: cashappInput,
  gcash: gcashInput,
} as const;

const amount = usdAmountSchema(WITHDRAWAL_MESSAGES.amountRequired);

/**
 * The 6-digit code from the authenticator app: required (checked by the server) when the
 * customer's two-factor sign-in is on, ignored otherwise.
 */
const twoFactorCode = z.string().trim().max(20).optional();

/**
 * POST /api/withdrawals: the amount in dollars ("150.00"), the method and its payout details. The
 * server checks the amount against the minimum and the available balance, and the details
 * against the method (a crypto address against its coin's format). With two-factor on, the
 * request carries the authenticator code (twoFactorCode).
 */
export const CreateWithdrawalRequestSchema = z
  .discriminatedUnion('method', [
    z.object({ amount, method: z.literal('bank'), details: bankInput, twoFactorCode }),
    z.object({ amount, method: z.literal('crypto'), details: cryptoInput, twoFactorCode }),
    z.object({ amount, method: z.literal('paypal'), details: paypalInput, twoFactorCode }),
    z.object({ amount, method: z.literal('cashapp'), details: cashappInput, twoFactorCode }),
    z.object({ amount, method: z.literal('gcash'), details: gcashInput, twoFactorCode }),
  ])
  .meta({ id: 'CreateWithdrawalRequest' });
export type CreateWithdrawalRequest = z.infer<typeof CreateWithdrawalRequestSchema>;
export type CreateWithdrawalRequestInput = z.input<typeof CreateWithdrawalRequestSchema>;

/** A withdrawal's method with its payout details, as stored and answered. */
export const PayoutSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('bank'), details: BankDetailsSchema }),
  z.object({ method: z.literal('crypto'), details: CryptoDetailsSchema }),
  z.object({ method: z.literal('paypal'), details: PaypalDetailsSchema }),
  z.object({ method: z.literal('cashapp'), details: CashappDetailsSchema }),
  z.object({ method: z.literal('gcash'), details: GcashDetailsSchema }),
]);
export type Payout = z.infer<typeof PayoutSchema>;

/** The payout destination in one line: the crypto address, bank account, PayPal e-mail, $Cashtag or GCash number. */
export function summarizePayout(payout: Payout): string {
  switch (payout.method) {
    case 'bank':
      return `${payout.details.bankName} ${payout.details.accountNumber}`;
    case 'crypto':
      return payout.details.address;
    case 'paypal':
      return payout.details.email;
    case 'cashapp':
      return payout.details.cashtag;
    case 'gcash':
      return payout.details.accountNumber;
  }
}

/** The method as the statement and the lists name it: "Bank", "Bitcoin(BTC)", "Paypal"… */
export function payoutMethodLabel(payout: Payout): string {
  return payout.method === 'crypto'
    ? COIN_SPECS[payout.details.coin].label
    : WITHDRAWAL_METHOD_LABELS[payout.method];
}

/** Each payout detail with the label a person reads, in form order. */
export function describePayout(payout: Payout): { label: string; value: string }[] {
  switch (payout.method) {
    case 'bank':
      return [
        { label: 'Account number', value: payout.details.accountNumber },
        { label: 'Bank name', value: payout.details.bankName },
        { label: 'Account name', value: payout.details.accountName },
      ];
    case 'crypto':
      return [
        { label: 'Coin', value: COIN_SPECS[payout.details.coin].label },
        { label: 'Wallet address', value: payout.details.address },
      ];
    case 'paypal':
      return [{ label: 'PayPal e-mail', value: payout.details.email }];
    case 'cashapp':
      return [{ label: '$Cashtag', value: payout.details.cashtag }];
    case 'gcash':
      return [
        { label: 'GCash number', value: payout.details.accountNumber },
        { label: 'Account name', value: payout.details.accountName },
      ];
  }
}

/**
 * A status as answered: one of WITHDRAWAL_STATUSES. Typed as text so that a client shows
 * "Unknown" for a status it does not know (seed §2) instead of failing the whole page.
 */
const StatusTextSchema = z.string().meta({ description: `One of: ${WITHDRAWAL_STATUSES.join(', ')}` });

const withdrawalFields = {
  id: z.uuid(),
  /** Dollars, e.g. "150.00": what leaves the available balance. */
  amount: DecimalAmountSchema,
  /** The fee at the time of the request, deducted from the amount. */
  fee: DecimalAmountSchema,
  /** What the customer receives: amount − fee. */
  net: DecimalAmountSchema,
  /** The fee percentage at the time of the request, e.g. "2.50". */
  feePercent: z.string(),
  status: StatusTextSchema,
  /** The reason of the withdrawal hold, shown while the request is on hold. */
  holdReason: z.string().nullable(),
  /** Why an administrator rejected it. */
  rejectionReason: z.string().nullable(),
  /** While awaiting confirmation: when the e-mailed code stops working (null once spent). */
  codeExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
};

/** A withdrawal as its customer sees it. */
export const WithdrawalSchema = z
  .intersection(z.object(withdrawalFields), PayoutSchema)
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalPageSchema = pageOf(WithdrawalSchema, 'WithdrawalPage');
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

/** What the withdrawal form needs to check the amount and show the fee before submitting. */
export const WithdrawalTermsSchema = z
  .object({
    /** Dollars, e.g. "10.00" (site settings). */
    minWithdrawal: DecimalAmountSchema,
    /** Percent with 2 decimals, e.g. "2.50" (site settings). */
    withdrawalPercent: z.string(),
    /** The customer's available cash. */
    available: DecimalAmountSchema,
    /** What the customer owes on a loan ("0.00" without one). */
    owed: DecimalAmountSchema,
    /** What can be withdrawn: max(0, available − owed); borrowed money cannot be withdrawn. */
    withdrawable: DecimalAmountSchema,
  })
  .meta({ id: 'WithdrawalTerms' });
export type WithdrawalTerms = z.infer<typeof WithdrawalTermsSchema>;

/** POST /api/withdrawals/:id/confirm */
export const ConfirmWithdrawalRequestSchema = z
  .object({
    // Spaces are ignored anywhere in it: a code read off a message as "327 305" is the code.
    code: z
      .string({ error: WITHDRAWAL_MESSAGES.codeRequired })
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(
        z
          .string()
          .min(1, { error: WITHDRAWAL_MESSAGES.codeRequired, abort: true })
          .regex(/^\d{6}$/, WITHDRAWAL_MESSAGES.codeFormat),
      ),
  })
  .meta({ id: 'ConfirmWithdrawalRequest' });
export type ConfirmWithdrawalRequest = z.infer<typeof ConfirmWithdrawalRequestSchema>;

// ---------- administrators ----------

export const AdminWithdrawalListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Part of the customer's e-mail address, case-insensitive. */
  search: SearchTextSchema,
});
export type AdminWithdrawalListQuery = z.infer<typeof AdminWithdrawalListQuerySchema>;

/** A row of the admin Withdrawals tab. */
export const AdminWithdrawalItemSchema = z
  .object({
    id: z.uuid(),
    userId: z.string(),
    email: z.string(),
    amount: DecimalAmountSchema,
    /** The fee, and what the customer receives (amount − fee): what an approval pays out. */
    fee: DecimalAmountSchema,
    net: DecimalAmountSchema,
    method: WithdrawalMethodSchema,
    /** e.g. "Bitcoin(BTC)" or "Bank". */
    methodLabel: z.string(),
    /** The payout destination in one line (summarizePayout). */
    address: z.string(),
    status: StatusTextSchema,
    /** A pending withdrawal whose approval waits for a second staff member (four-eyes). */
    awaitingApproval: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminWithdrawalItem' });
export type AdminWithdrawalItem = z.infer<typeof AdminWithdrawalItemSchema>;

export const AdminWithdrawalPageSchema = pageOf(AdminWithdrawalItemSchema, 'AdminWithdrawalPage');
export type AdminWithdrawalPage = z.infer<typeof AdminWithdrawalPageSchema>;

export const WithdrawalLedgerEntrySchema = z.object({
  id: z.string(),
  kind: EntryKindSchema,
  description: z.string(),
  /** What the entry moves, in dollars ("97.50"). */
  amount: z.string(),
  createdAt: z.iso.datetime(),
});

/** A withdrawal on /withdrawal/{id}: every payout detail, the money, the decision and its ledger entries. */
export const AdminWithdrawalSchema = z
  .intersection(
    z.object({
      ...withdrawalFields,
      userId: z.string(),
      email: z.string(),
      fullName: z.string(),
      /** Who released the hold, and when (their name, or their id if the account is gone); the note is in the audit log. */
      holdReleased: z
        .object({ by: z.object({ id: z.string(), name: z.string() }), at: z.iso.datetime() })
        .nullable(),
      /** The administrator who decided (their name, or their id if the account is gone). */
      decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
      /** The reason of a rejection (a released hold's note is in the audit log). */
      decisionReason: z.string().nullable(),
      /** Wrong confirmation codes entered for the current code. */
      codeAttempts: z.number().int(),
      /** The reservation entry, then the settlement (withdrawal, withdrawal_fee) or the release. */
      entries: z.array(WithdrawalLedgerEntrySchema),
      reservationEntryId: z.string().nullable(),
      /** The four-eyes request waiting for a second staff member, if any: the withdrawal stays pending. */
      awaitingApproval: WaitingApprovalSchema.nullable(),
      /**
       * Only in the answer to an approval above the threshold carried out at once:
       * 'no_second_decider' (nobody else can decide it, docs/decisions/053).
       */
      fourEyes: FourEyesNoteSchema.optional(),
      updatedAt: z.iso.datetime(),
    }),
    PayoutSchema,
  )
  .meta({ id: 'AdminWithdrawal' });
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

const optionalReason = staffOnlyText(
  z.string().trim().max(DECISION_REASON_MAX_LENGTH, WITHDRAWAL_MESSAGES.reasonTooLong),
)
  .optional()
  .transform((text) => (text ? text : undefined));

/** POST /api/admin/withdrawals/:id/reject: the reason is recorded and shown to the customer. */
export const RejectWithdrawalRequestSchema = reasonBodySchema({
  maxLength: DECISION_REASON_MAX_LENGTH,
  required: WITHDRAWAL_MESSAGES.reasonRequired,
  tooLong: WITHDRAWAL_MESSAGES.reasonTooLong,
  readBy: 'customer',
}).meta({ id: 'RejectWithdrawalRequest' });
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequestSchema>;

/**
 * POST /api/admin/withdrawals/:id/approve: the payout's reason, recorded in the audit log (and, above
 * the four-eyes threshold, as the request the second staff member reads). Decision 044. A missing
 * one is refused as the Approvals tab refuses it: the rejection's words name rejecting.
 */
export const ApproveWithdrawalRequestSchema = reasonBodySchema({
  maxLength: DECISION_REASON_MAX_LENGTH,
  required: REASON_REQUIRED,
  tooLong: WITHDRAWAL_MESSAGES.reasonTooLong,
  readBy: 'staff',
}).meta({ id: 'ApproveWithdrawalRequest' });
export type ApproveWithdrawalRequest = z.infer<typeof ApproveWithdrawalRequestSchema>;

/** POST /api/admin/withdrawals/:id/release-hold: an optional note, recorded in the audit log. */
export const ReleaseWithdrawalHoldRequestSchema = z
  .object({ reason: optionalReason })
  .meta({ id: 'ReleaseWithdrawalHoldRequest' });
export type ReleaseWithdrawalHoldRequest = z.infer<typeof ReleaseWithdrawalHoldRequestSchema>;
