import {
  type Balances,
  STATEMENT_PAGE_SIZE,
  type StatementEntry,
  type StatementPage,
} from '@candor/contracts/ledger';
import { computeWithdrawable } from '@candor/domain/loans/loan-interest';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { type StatementLine, selectBalanceFigures, selectStatementPage } from './ledger.repository.ts';

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

function toStatementEntry(line: StatementLine): StatementEntry {
  return {
    id: line.id,
    createdAt: line.createdAt.toISOString(),
    kind: line.kind,
    description: line.description,
    availableChange: line.availableChange === null ? null : formatDecimal(line.availableChange),
    reservedChange: line.reservedChange === null ? null : formatDecimal(line.reservedChange),
    availableAfter: formatDecimal(line.availableAfter),
    reservedAfter: formatDecimal(line.reservedAfter),
    copiedFromProvider: line.copiedFromProvider,
  };
}

/** The customer's statement, newest first: every entry with its changes and the balances after it. */
export async function readStatement(
  db: Db,
  userId: string,
  page: number,
  pageSize = STATEMENT_PAGE_SIZE,
): Promise<StatementPage> {
  return mapPage(await selectStatementPage(db, userId, { page, pageSize }), toStatementEntry);
}
