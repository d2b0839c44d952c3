import { DEPOSIT_STATUSES, type DepositStatus } from '@candor/domain/deposits/deposit-status';
import { z } from 'zod';
import { COINS, type Coin, CoinSchema } from './coins.ts';
import { DecimalAmountSchema, PageQuerySchema, pageOf, usdAmountSchema } from './money.ts';
import { REASON_REQUIRED, reasonBodySchema } from './reasons.ts';
import { SearchTextSchema } from './search.ts';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Deposits per page: the customer's history and the administrators' Deposit tab (seed §9). */
export const DEPOSIT_PAGE_SIZE = 10;

/** A quoted rate is good for this long; step 3's countdown shows it as m:ss (seed §9). */
export const DEPOSIT_QUOTE_SECONDS = 3600;

export const DEPOSIT_REASON_MAX_LENGTH = 500;

/** How toasts and notices name each coin ("Bitcoin address copied to clipboard!"). */
export const COIN_NAMES = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT',
} as const satisfies Record<Coin, string>;

/** The texts of the deposit screens and the server's refusals (seed §2 Deposit, §5, §8). */
export const DEPOSIT_MESSAGES = {
  amountRequired: 'Input an amount',
  account: 'Trading Balance Deposit',
  methodRequired: 'Choose a payment method',
  proofRequired: 'Proof of payment is required',
  awaiting: 'Awaiting Payment',
  expired: 'Expired Payment Link',
  /** Under the expired link, for a customer who paid before it expired (the support e-mail follows, when set). */
  expiredAlreadySent: 'If you already sent the coins, contact support with the transaction hash.',
  submitted: 'Deposit Successful',
  /** Under the seed's toast: nothing is credited until staff approve it. */
  submittedNote: 'Pending: your balance is credited once the payment is checked and approved.',
  submitFailed: 'Something went wrong. Please try again later.',
  approved: 'Deposit successful',
  rejected: 'Deposit rejected',
  decisionFailed: 'Transaction failed',
  copied: (coin: Coin) => `${COIN_NAMES[coin]} address copied to clipboard!`,
  empty: 'No deposits found.',
  historyLabel: 'TRADING BALANCE DEPOSIT',
  notFound: 'Deposit not found',
  quoteNotFound: 'Payment link not found',
  proofNotFound: 'Proof of payment not found',
  proofInUse: 'This proof of payment is already attached to another deposit',
  alreadySubmitted: 'A deposit was already submitted for this payment link',
  alreadyDecided: (status: string) => `This deposit was already ${status}`,
  walletMissing: (label: string) => `Deposits by ${label} are not available yet.`,
  /** Step 1 when no coin has a deposit address yet (a fresh install). */
  unavailable: 'Deposits are not available yet.',
  unavailableDetail: 'No payment method has been set up. Please check back later.',
  priceUnavailable: 'The price of this coin is not available right now. Please try again in a moment.',
  reasonTooLong: `The reason can be at most ${DEPOSIT_REASON_MAX_LENGTH} characters`,
} as const;

/**
 * How each coin's network writes a transaction's id, as block explorers show it (QA finding 8): a
 * Bitcoin txid and a Tron (TRC-20, the USDT the product takes) transaction id are 64 hexadecimal
 * characters; an Ethereum transaction hash is 0x and 64 of them. Either case of a-f.
 */
export const TRANSACTION_HASH_PATTERNS = {
  bitcoin: /^[0-9a-fA-F]{64}$/,
  ethereum: /^0x[0-9a-fA-F]{64}$/,
  usdt: /^[0-9a-fA-F]{64}$/,
} as const satisfies Record<Coin, RegExp>;

/** What is said beside the transaction hash that is not one of its coin's, and of any coin's. */
export const TRANSACTION_HASH_MESSAGES = {
  bitcoin: 'A Bitcoin transaction hash is 64 characters, 0-9 and a-f',
  ethereum: 'An Ethereum transaction hash is 0x followed by 64 characters, 0-9 and a-f',
  usdt: 'A USDT (TRC-20) transaction hash is 64 characters, 0-9 and a-f',
  any: 'A transaction hash is 64 characters, 0-9 and a-f (0x first for Ethereum)',
} as const satisfies Record<Coin | 'any', string>;

/** Whether `text` is written as a transaction hash of `coin`. */
export function isTransactionHashOf(coin: Coin, text: string): boolean {
  return TRANSACTION_HASH_PATTERNS[coin].test(text);
}

/**
 * Why a (trimmed) transaction hash cannot be one of `coin`'s, or undefined when it can (or is left
 * out: it is optional). The server asks it with the quote's coin; the form with the coin it shows.
 */
export function findTransactionHashProblem(coin: Coin, text: string | undefined): string | undefined {
  if (!text || isTransactionHashOf(coin, text)) return undefined;
  return TRANSACTION_HASH_MESSAGES[coin];
}

/**
 * The optional transaction hash: trimmed, left out when empty, written as `coin`'s are; without a
 * coin (the request names its quote, not the coin), as any coin's are.
 */
export function transactionHashSchema(coin?: Coin) {
  return readInvisibleAsEmpty(
    z
      .string()
      .trim()
      .refine(
        (text) =>
          text === '' ||
          (coin ? isTransactionHashOf(coin, text) : COINS.some((one) => isTransactionHashOf(one, text))),
        TRANSACTION_HASH_MESSAGES[coin ?? 'any'],
      ),
  )
    .optional()
    .transform((text) => (text ? text : undefined));
}

/**
 * Where a quoted rate came from: a market-data source, or 'fixed' for USDT, taken at 1 USD.
 * Step 2 shows it beside the rate.
 */
export const RATE_SOURCES = ['simulated', 'coingecko', 'fixed'] as const;
export const RateSourceSchema = z.enum(RATE_SOURCES);
export type RateSource = z.infer<typeof RateSourceSchema>;

export const RATE_SOURCE_LABELS = {
  simulated: 'Simulated prices',
  coingecko: 'CoinGecko',
  fixed: 'fixed: USDT is taken at 1 USD',
} as const satisfies Record<RateSource, string>;

export const DepositStatusSchema = z.enum(DEPOSIT_STATUSES);

const STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
} as const satisfies Record<DepositStatus, string>;

/** A deposit's status as tables show it; anything else reads "Unknown" (seed §8). */
export function depositStatusLabel(status: string): string {
  const known = DEPOSIT_STATUSES.find((candidate) => candidate === status);
  return known ? STATUS_LABELS[known] : 'Unknown';
}

/**
 * A USD-per-coin rate for people: thousands separators, at least two decimals, every decimal the
 * source gave kept ("67234.12" → "$67,234.12", "1" → "$1.00", "0.123456" → "$0.123456").
 */
export function formatUsdRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}.${fraction.padEnd(2, '0')}`;
}

/** Status on the wire: one of DEPOSIT_STATUSES; clients show "Unknown" for anything else. */
const WireStatusSchema = z
  .string()
  .meta({ description: 'pending | approved | rejected (anything else is shown as Unknown)' });

// ---------- customers ----------

/** Step 2: the amount of step 1 and the chosen coin. */
export const CreateDepositQuoteRequestSchema = z
  .object({
    amount: usdAmountSchema(DEPOSIT_MESSAGES.amountRequired),
    coin: CoinSchema,
  })
  .meta({ id: 'CreateDepositQuoteRequest' });
export type CreateDepositQuoteRequest = z.infer<typeof CreateDepositQuoteRequestSchema>;

/**
 * A conversion quote: pay `cryptoAmount` (6 decimals, rounded up) of `coin` to `address` before
 * `expiresAt`, at `rate` USD per coin from `rateSource`.
 */
export const DepositQuoteSchema = z
  .object({
    id: z.uuid(),
    amount: DecimalAmountSchema,
    coin: CoinSchema,
    cryptoAmount: z.string(),
    rate: z.string(),
    rateSource: RateSourceSchema,
    address: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'DepositQuote' });
export type DepositQuote = z.infer<typeof DepositQuoteSchema>;

/** The stored proof of payment (a private file: only its owner and administrators can fetch it). */
export const DepositProofSchema = z
  .object({ fileId: z.uuid(), url: z.string() })
  .meta({ id: 'DepositProof' });
export type DepositProof = z.infer<typeof DepositProofSchema>;

/**
 * The coins a customer can deposit with now: those the platform has a deposit address for, in the
 * order of COINS. Empty on a fresh install, until staff set the addresses.
 */
export const DepositMethodsSchema = z.object({ coins: z.array(CoinSchema) }).meta({ id: 'DepositMethods' });
export type DepositMethods = z.infer<typeof DepositMethodsSchema>;

/** Step 3's Paid button: the quote, the uploaded proof and, optionally, the transaction hash. */
export const CreateDepositRequestSchema = z
  .object({
    quoteId: z.uuid(),
    proofFileId: z.uuid(),
    /** Written as a hash of some coin here; as one of the quote's coin by the server (findTransactionHashProblem). */
    transactionHash: transactionHashSchema(),
  })
  .meta({ id: 'CreateDepositRequest' });
export type CreateDepositRequest = z.input<typeof CreateDepositRequestSchema>;

/** One deposit as its customer sees it (history). */
export const DepositSchema = z
  .object({
    id: z.uuid(),
    amount: DecimalAmountSchema,
    coin: CoinSchema,
    cryptoAmount: z.string(),
    rate: z.string(),
    rateSource: RateSourceSchema,
    address: z.string(),
    transactionHash: z.string().nullable(),
    status: WireStatusSchema,
    /** Why it was rejected. */
    decisionReason: z.string().nullable(),
    quoteExpiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof DepositSchema>;

/** A deposit's proof of payment: a private file, fetched by its owner and staff at `url`. */
export const DepositProofFileSchema = z
  .object({ fileId: z.uuid(), url: z.string(), contentType: z.string() })
  .meta({ id: 'DepositProofFile' });
export type DepositProofFile = z.infer<typeof DepositProofFileSchema>;

/** One of the customer's own deposits, opened from their history: the deposit and their proof. */
export const OwnDepositSchema = DepositSchema.extend({ proof: DepositProofFileSchema }).meta({
  id: 'OwnDeposit',
});
export type OwnDeposit = z.infer<typeof OwnDepositSchema>;

export const DepositPageSchema = pageOf(DepositSchema, 'DepositPage');
export type DepositPage = z.infer<typeof DepositPageSchema>;

export const DepositPageQuerySchema = PageQuerySchema;

// ---------- administrators ----------

export const AdminDepositListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Part of the customer's e-mail address, case-insensitive. */
  search: SearchTextSchema,
});
export type AdminDepositListQuery = z.infer<typeof AdminDepositListQuerySchema>;

/** A row of the Deposit tab: Email, Amount, Method, Status, Date. */
export const AdminDepositItemSchema = z
  .object({
    id: z.uuid(),
    userId: z.string(),
    email: z.string(),
    amount: DecimalAmountSchema,
    coin: CoinSchema,
    cryptoAmount: z.string(),
    status: WireStatusSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminDepositItem' });
export type AdminDepositItem = z.infer<typeof AdminDepositItemSchema>;

export const AdminDepositPageSchema = pageOf(AdminDepositItemSchema, 'AdminDepositPage');
export type AdminDepositPage = z.infer<typeof AdminDepositPageSchema>;

/** A deposit on /deposit/{id}: everything the customer was shown, their proof, and the decision. */
export const AdminDepositSchema = DepositSchema.extend({
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  proof: DepositProofFileSchema,
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
}).meta({ id: 'AdminDeposit' });
export type AdminDeposit = z.infer<typeof AdminDepositSchema>;

/** How the deposit decisions ask for a reason (a rejection's, and an approval's). */
const DEPOSIT_REASON_RULES = {
  maxLength: DEPOSIT_REASON_MAX_LENGTH,
  required: REASON_REQUIRED,
  tooLong: DEPOSIT_MESSAGES.reasonTooLong,
} as const;

/** POST /api/admin/deposits/:id/reject: the reason is shown to the customer in their history. */
export const RejectDepositRequestSchema = reasonBodySchema({
  ...DEPOSIT_REASON_RULES,
  readBy: 'customer',
}).meta({
  id: 'RejectDepositRequest',
});
export type RejectDepositRequest = z.infer<typeof RejectDepositRequestSchema>;

/** POST /api/admin/deposits/:id/approve: the credit's reason, recorded in the audit log (decision 044). */
export const ApproveDepositRequestSchema = reasonBodySchema({
  ...DEPOSIT_REASON_RULES,
  readBy: 'staff',
}).meta({
  id: 'ApproveDepositRequest',
});
export type ApproveDepositRequest = z.infer<typeof ApproveDepositRequestSchema>;
