import { ENTRY_KINDS } from '@candor/domain/ledger/entries';
import { z } from 'zod';
import { DecimalAmountSchema, pageOf } from './money.ts';

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
