import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { signalAlerts, signalInstruments } from '../../db/schema/signals.ts';

export type SignalAlertRow = typeof signalAlerts.$inferSelect;
export type NewSignalAlert = typeof signalAlerts.$inferInsert;

/** The instruments the customer chose, in their order (empty: the default list). */
export async function selectChosenSymbols(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ symbol: signalInstruments.symbol })
    .from(signalInstruments)
    .where(eq(signalInstruments.userId, userId))
    .orderBy(asc(signalInstruments.position));
  return rows.map((row) => row.symbol);
}

/** Replaces the customer's choice (an empty list removes it). */
export async function replaceChosenSymbols(
  tx: Db,
  userId: string,
  symbols: readonly string[],
): Promise<void> {
  await tx.delete(signalInstruments).where(eq(signalInstruments.userId, userId));
  if (symbols.length === 0) return;
  await tx
    .insert(signalInstruments)
    .values(symbols.map((symbol, position) => ({ userId, symbol, position })));
}

export async function selectAlerts(db: Db, userId: string): Promise<SignalAlertRow[]> {
  return db
    .select()
    .from(signalAlerts)
    .where(eq(signalAlerts.userId, userId))
    .orderBy(asc(signalAlerts.createdAt), asc(signalAlerts.id));
}

/** How many alerts the customer keeps, counted after locking their rows (two requests take turns). */
export async function countAlertsForUpdate(tx: Db, userId: string): Promise<number> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
  const [row] = await tx.select({ n: count() }).from(signalAlerts).where(eq(signalAlerts.userId, userId));
  return row?.n ?? 0;
}

export async function insertAlert(tx: Db, alert: NewSignalAlert): Promise<SignalAlertRow> {
  const [row] = await tx.insert(signalAlerts).values(alert).returning();
  if (!row) throw new Error('The alert was not inserted');
  return row;
}

/** Deletes the customer's own alert; answers whether there was one. */
export async function deleteOwnAlert(tx: Db, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(signalAlerts)
    .where(and(eq(signalAlerts.id, id), eq(signalAlerts.userId, userId)))
    .returning({ id: signalAlerts.id });
  return rows.length > 0;
}

/** Every alert with its owner's address, grouped by owner (the alert job). */
export async function selectAlertsToEvaluate(db: Db): Promise<(SignalAlertRow & { email: string })[]> {
  const rows = await db
    .select({ alert: signalAlerts, email: users.email })
    .from(signalAlerts)
    .innerJoin(users, eq(users.id, signalAlerts.userId))
    .orderBy(asc(signalAlerts.userId), asc(signalAlerts.createdAt));
  return rows.map((row) => ({ ...row.alert, email: row.email }));
}

/**
 * Records a new reading of an alert, only if nobody recorded another since `previousRatedAt` (two
 * servers running the job never both notify); answers whether this call recorded it.
 */
export async function recordAlertReading(
  db: Db,
  id: string,
  previousRatedAt: Date | null,
  reading: { lastRating: number; lastRatedAt: Date; lastNotifiedAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(signalAlerts)
    .set(reading)
    .where(
      and(
        eq(signalAlerts.id, id),
        previousRatedAt === null
          ? sql`${signalAlerts.lastRatedAt} is null`
          : eq(signalAlerts.lastRatedAt, previousRatedAt),
      ),
    )
    .returning({ id: signalAlerts.id });
  return rows.length > 0;
}
