import {
  type Balances,
  STATEMENT_KIND_GROUPS,
  STATEMENT_PAGE_SIZE,
  type StatementEntry,
  type StatementFilter,
  type StatementPage,
} from '@candor/contracts/ledger';
import { describeProfitShareReceived } from '@candor/domain/ledger/entries';
import { computeWithdrawable } from '@candor/domain/loans/loan-interest';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { endOfDayIn, startOfDayIn } from '../../lib/zoned-days.ts';
import {
  type StatementEntryFilter,
  type StatementLine,
  selectBalanceFigures,
  selectStatementPage,
} from './ledger.repository.ts';

/** A customer's balances: available and reserved (cached), their total, what is owed on a loan and what can be withdrawn, deposits and trading results (from the ledger). */
export async function readBalances(db: Db, userId: string): Promise<Balances> {
  const figures = await selectBalanceFigures(db, userId);
  return {
    available: formatDecimal(figures.available),
    reserved: formatDecimal(figures.reserved),
    total: formatDecimal(figures.available + figures.reserved),
    deposits: formatDecimal(figures.deposits),
    profit: formatDecimal(figures.profit),
    owed: formatDecimal(figures.owed),
    withdrawable: formatDecimal(computeWithdrawable(figures.available, figures.owed)),
  };
}

/** Who reads a statement: the customer, or staff on the admin user page. */
export type StatementReader = 'customer' | 'staff';

/**
 * An entry's description as `reader` reads it on this customer's statement. A four-eyes
 * adjustment's stored description names the maker and the checker (decision 017): staff read it so;
 * the customer reads the reason alone, as on any adjustment and as their notice says it, since no
 * text to a customer names a staff member (decision 046). A profit share's stored description is the
 * follower's line ("… on copies of {provider}"); on the provider's statement it reads as income from
 * a follower's copy, built from the figures the entry keeps, without the follower's name.
 */
function describeLine(line: StatementLine, reader: StatementReader): string {
  if (line.profitShareReceived !== null) return describeProfitShareReceived(line.profitShareReceived.figures);
  if (reader === 'customer' && line.approvedAdjustmentReason !== null) return line.approvedAdjustmentReason;
  return line.description;
}

/** An entry's line (describeLine). */
function toStatementEntry(line: StatementLine, reader: StatementReader): StatementEntry {
  return {
    id: line.id,
    createdAt: line.createdAt.toISOString(),
    kind: line.kind,
    description: describeLine(line, reader),
    availableChange: line.availableChange === null ? null : formatDecimal(line.availableChange),
    reservedChange: line.reservedChange === null ? null : formatDecimal(line.reservedChange),
    availableAfter: formatDecimal(line.availableAfter),
    reservedAfter: formatDecimal(line.reservedAfter),
    copiedFromProvider: line.copiedFromProvider,
  };
}

/**
 * The entries a statement's filters select: the kinds of the group, and the days from `from` to `to`
 * (both inclusive) as the clocks of `tz` (UTC when absent) count them.
 */
function toEntryFilter(filter: StatementFilter): StatementEntryFilter {
  const zone = filter.tz ?? 'UTC';
  return {
    kinds: filter.kind ? STATEMENT_KIND_GROUPS[filter.kind] : null,
    since: filter.from ? startOfDayIn(filter.from, zone) : null,
    until: filter.to ? endOfDayIn(filter.to, zone) : null,
  };
}

/**
 * The customer's statement, newest first: every entry (or those `filter` selects) with its changes
 * and the balances after it, as `reader` may read it (toStatementEntry). A filtered statement's
 * balances after each entry are still the account's, counting the entries the filter leaves out.
 */
export async function readStatement(
  db: Db,
  userId: string,
  page: number,
  {
    pageSize = STATEMENT_PAGE_SIZE,
    reader = 'customer',
    filter = {},
  }: { pageSize?: number; reader?: StatementReader; filter?: StatementFilter } = {},
): Promise<StatementPage> {
  return mapPage(await selectStatementPage(db, userId, { page, pageSize }, toEntryFilter(filter)), (line) =>
    toStatementEntry(line, reader),
  );
}
