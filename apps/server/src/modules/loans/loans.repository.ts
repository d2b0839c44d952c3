import type { LoanApplicationStatus } from '@candor/domain/loans/loan-status';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { type Page, readPage } from '../../db/page.ts';
import { users } from '../../db/schema/auth.ts';
import { loanApplications, loans } from '../../db/schema/loans.ts';

export type LoanApplicationRow = typeof loanApplications.$inferSelect;
export type NewLoanApplication = typeof loanApplications.$inferInsert;
export type LoanRow = typeof loans.$inferSelect;
export type NewLoan = typeof loans.$inferInsert;

export async function insertLoanApplication(tx: Db, values: NewLoanApplication): Promise<LoanApplicationRow> {
  const [row] = await tx.insert(loanApplications).values(values).returning();
  if (!row) throw new Error('the loan application was not recorded');
  return row;
}

/** The customer's pending application, if any. */
export async function findPendingApplication(
  db: Db,
  userId: string,
): Promise<LoanApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(loanApplications)
    .where(and(eq(loanApplications.userId, userId), eq(loanApplications.status, 'pending')));
  return row;
}

/** The customer's loan that is not repaid (active or overdue), if any. */
export async function findOpenLoan(db: Db, userId: string): Promise<LoanRow | undefined> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), ne(loans.status, 'repaid')));
  return row;
}

export async function lockLoanApplication(tx: Db, id: string): Promise<LoanApplicationRow | undefined> {
  const [row] = await tx.select().from(loanApplications).where(eq(loanApplications.id, id)).for('update');
  return row;
}

export async function updateLoanApplication(
  tx: Db,
  id: string,
  values: Partial<NewLoanApplication>,
): Promise<LoanApplicationRow> {
  const [row] = await tx.update(loanApplications).set(values).where(eq(loanApplications.id, id)).returning();
  if (!row) throw new Error(`loan application ${id} vanished`);
  return row;
}

export async function insertLoan(tx: Db, values: NewLoan): Promise<LoanRow> {
  const [row] = await tx.insert(loans).values(values).returning();
  if (!row) throw new Error('the loan was not recorded');
  return row;
}

/** The loan, locked for the rest of the transaction; only the owner's when `ownerId` is given. */
export async function lockLoan(tx: Db, id: string, ownerId?: string): Promise<LoanRow | undefined> {
  const [row] = await tx
    .select()
    .from(loans)
    .where(ownerId === undefined ? eq(loans.id, id) : and(eq(loans.id, id), eq(loans.userId, ownerId)))
    .for('update');
  return row;
}

export async function updateLoan(tx: Db, id: string, values: Partial<NewLoan>): Promise<LoanRow> {
  const [row] = await tx.update(loans).set(values).where(eq(loans.id, id)).returning();
  if (!row) throw new Error(`loan ${id} vanished`);
  return row;
}

export async function findLoanByApplication(db: Db, applicationId: string): Promise<LoanRow | undefined> {
  const [row] = await db.select().from(loans).where(eq(loans.applicationId, applicationId));
  return row;
}

/** The ids of every loan not repaid yet (active or overdue): what the daily job visits. */
export async function selectOpenLoanIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: loans.id })
    .from(loans)
    .where(ne(loans.status, 'repaid'))
    .orderBy(asc(loans.paidOutAt));
  return rows.map((row) => row.id);
}

/** The customer's applications and loans, newest first. */
export async function selectOwnLoans(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ applications: LoanApplicationRow[]; loans: LoanRow[] }> {
  const applications = await db
    .select()
    .from(loanApplications)
    .where(eq(loanApplications.userId, userId))
    .orderBy(desc(loanApplications.createdAt))
    .limit(limit);
  const ownLoans = await db
    .select()
    .from(loans)
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.paidOutAt))
    .limit(limit);
  return { applications, loans: ownLoans };
}

export type ApplicationWithPeople = {
  application: LoanApplicationRow;
  customer: { name: string; email: string };
  decider: { name: string } | null;
};

const deciders = alias(users, 'loan_deciders');

function applicationsWithPeople(db: Db) {
  return db
    .select({
      application: loanApplications,
      customer: { name: users.name, email: users.email },
      decider: { name: deciders.name },
    })
    .from(loanApplications)
    .innerJoin(users, eq(users.id, loanApplications.userId))
    .leftJoin(deciders, eq(deciders.id, loanApplications.decidedBy));
}

/** The Loan applications tab: newest first, optionally of one status and of one customer. */
export function selectApplicationPage(
  db: Db,
  {
    page,
    pageSize,
    status,
    userId,
  }: {
    page: number;
    pageSize: number;
    status?: LoanApplicationStatus | undefined;
    userId?: string | undefined;
  },
): Promise<Page<ApplicationWithPeople>> {
  const where = and(
    status ? eq(loanApplications.status, status) : undefined,
    userId ? eq(loanApplications.userId, userId) : undefined,
  );
  return readPage(
    { page, pageSize },
    {
      total: async () => {
        const [row] = await db.select({ total: count() }).from(loanApplications).where(where);
        return row?.total ?? 0;
      },
      rows: (limit, offset) =>
        applicationsWithPeople(db)
          .where(where)
          .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id))
          .limit(limit)
          .offset(offset),
    },
  );
}

export async function findApplicationWithPeople(
  db: Db,
  id: string,
): Promise<ApplicationWithPeople | undefined> {
  const [row] = await applicationsWithPeople(db).where(eq(loanApplications.id, id));
  return row;
}
