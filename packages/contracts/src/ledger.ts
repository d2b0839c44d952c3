import { ENTRY_KINDS } from '@candor/domain/ledger/entries';
import { z } from 'zod';
import { DecimalAmountSchema, PageQuerySchema, pageOf } from './money.ts';
import { FilterDaySchema, REVERSED_RANGE_MESSAGE, TimeZoneSchema } from './search.ts';

/** Entries per page of the statement. */
export const STATEMENT_PAGE_SIZE = 20;

export const EntryKindSchema = z.enum(ENTRY_KINDS);
export type EntryKindName = z.infer<typeof EntryKindSchema>;

/** How the statement names each kind of entry. */
export const ENTRY_KIND_LABELS = {
  deposit: 'Deposit',
  reservation: 'Withdrawal reserved',
  release: 'Withdrawal released',
  withdrawal: 'Withdrawal',
  withdrawal_fee: 'Withdrawal fee',
  adjustment: 'Adjustment',
  trade_margin: 'Trade margin',
  trade_margin_release: 'Margin released',
  trade_result: 'Trade result',
  plan_purchase: 'Plan purchase',
  plan_credit: 'Plan credit',
  loan_payout: 'Loan paid out',
  loan_interest: 'Loan interest',
  loan_repayment: 'Loan repayment',
  profit_share: 'Profit share',
} as const satisfies Record<EntryKindName, string>;

/**
 * The kinds of movement the statement can be narrowed to, each a group of entry kinds as the
 * statement names them: a withdrawal's reservation, release, payout and fee are all "Withdrawals".
 * Every entry kind is in exactly one group (ledger.test.ts).
 */
export const STATEMENT_KIND_GROUPS = {
  deposits: ['deposit'],
  withdrawals: ['reservation', 'release', 'withdrawal', 'withdrawal_fee'],
  adjustments: ['adjustment'],
  trades: ['trade_margin', 'trade_margin_release', 'trade_result'],
  plans: ['plan_purchase', 'plan_credit'],
  loans: ['loan_payout', 'loan_interest', 'loan_repayment'],
  profit_shares: ['profit_share'],
} as const satisfies Record<string, readonly EntryKindName[]>;
export type StatementKind = keyof typeof STATEMENT_KIND_GROUPS;

/** The groups, in the order the filter offers them. */
export const STATEMENT_KINDS = Object.keys(STATEMENT_KIND_GROUPS) as [StatementKind, ...StatementKind[]];

/** How the statement's filter names each group. */
export const STATEMENT_KIND_LABELS = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  adjustments: 'Adjustments',
  trades: 'Trades',
  plans: 'Plans',
  loans: 'Loans',
  profit_shares: 'Profit shares',
} as const satisfies Record<StatementKind, string>;

/**
 * The statement's filters: one group of kinds, and days from and to (both inclusive) in the time zone
 * `tz` (the reader's, so a day is the one the statement shows beside an entry; UTC when absent).
 */
export const StatementFilterSchema = z.object({
  kind: z.enum(STATEMENT_KINDS, `A kind is one of: ${STATEMENT_KINDS.join(', ')}.`).optional(),
  from: FilterDaySchema.optional(),
  to: FilterDaySchema.optional(),
  tz: TimeZoneSchema.optional(),
});
export type StatementFilter = z.infer<typeof StatementFilterSchema>;

/** A page of the statement, narrowed by its filters. A range that ends before it starts is refused. */
export const StatementQuerySchema = PageQuerySchema.extend(StatementFilterSchema.shape).refine(
  // YYYY-MM-DD dates compare as text.
  (query) => !(query.from && query.to && query.to < query.from),
  REVERSED_RANGE_MESSAGE,
);
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/**
 * A customer's balances, all from the ledger: `available` cash, `reserved` for pending
 * withdrawals, `total` = available + reserved (TOTAL BALANCE), `deposits` = sum of approved
 * deposits (DEPOSIT BALANCE), `profit` = sum of trading results (PROFIT BALANCE), `owed` = what
 * the customer owes on a loan (principal and interest), `withdrawable` = max(0, available − owed):
 * borrowed money can be traded but not withdrawn.
 */
export const BalancesSchema = z
  .object({
    available: DecimalAmountSchema,
    reserved: DecimalAmountSchema,
    total: DecimalAmountSchema,
    deposits: DecimalAmountSchema,
    profit: DecimalAmountSchema,
    owed: DecimalAmountSchema,
    withdrawable: DecimalAmountSchema,
  })
  .meta({ id: 'Balances' });
export type Balances = z.infer<typeof BalancesSchema>;

/**
 * One ledger entry as its customer sees it: how it moved their available cash and their reserved
 * funds (null when it did not touch one of them), and both balances right after it.
 */
export const StatementEntrySchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    kind: EntryKindSchema,
    description: z.string(),
    availableChange: DecimalAmountSchema.nullable(),
    reservedChange: DecimalAmountSchema.nullable(),
    availableAfter: DecimalAmountSchema,
    reservedAfter: DecimalAmountSchema,
    /** The strategy provider's display name when the entry is of the account's own copied trade. */
    copiedFromProvider: z.string().nullable(),
  })
  .meta({ id: 'StatementEntry' });
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementPageSchema = pageOf(StatementEntrySchema, 'StatementPage');
export type StatementPage = z.infer<typeof StatementPageSchema>;
