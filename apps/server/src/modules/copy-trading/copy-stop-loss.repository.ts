import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { copyRelations } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';

/** What measuring an open copy's result at a price needs. */
export type OpenCopy = Pick<
  typeof trades.$inferSelect,
  | 'id'
  | 'copyRelationId'
  | 'symbol'
  | 'direction'
  | 'amountMinor'
  | 'lotHundredths'
  | 'openPrice'
  | 'spreadUnit'
  | 'spreadValue'
>;

const openCopyColumns = {
  id: trades.id,
  copyRelationId: trades.copyRelationId,
  symbol: trades.symbol,
  direction: trades.direction,
  amountMinor: trades.amountMinor,
  lotHundredths: trades.lotHundredths,
  openPrice: trades.openPrice,
  spreadUnit: trades.spreadUnit,
  spreadValue: trades.spreadValue,
};

/** The sum of the results of each relation's closed copies (the realised part of its loss), in cents. */
export async function selectRealisedByRelation(
  db: Db,
  relationIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (relationIds.length === 0) return new Map();
  const rows = await db
    .select({
      relationId: trades.copyRelationId,
      realised: sql<string>`coalesce(sum(${trades.resultMinor}), 0)::text`,
    })
    .from(trades)
    .where(and(inArray(trades.copyRelationId, [...relationIds]), eq(trades.status, 'closed')))
    .groupBy(trades.copyRelationId);
  return new Map(rows.flatMap((row) => (row.relationId ? [[row.relationId, BigInt(row.realised)]] : [])));
}

/** The open copies of these relations. */
export function selectOpenCopiesOf(db: Db, relationIds: readonly string[]): Promise<OpenCopy[]> {
  if (relationIds.length === 0) return Promise.resolve([]);
  return db
    .select(openCopyColumns)
    .from(trades)
    .where(and(inArray(trades.copyRelationId, [...relationIds]), eq(trades.status, 'open')))
    .orderBy(asc(trades.id));
}

/** Locks the open copies of one relation, in id order (after its relation's lock). */
export function lockOpenCopiesOf(tx: Db, relationId: string): Promise<OpenCopy[]> {
  return tx
    .select(openCopyColumns)
    .from(trades)
    .where(and(eq(trades.copyRelationId, relationId), eq(trades.status, 'open')))
    .orderBy(asc(trades.id))
    .for('update');
}

/**
 * The active relations with a copy stop-loss that hold an open copy of one of these symbols: the
 * ones whose loss a move of those prices changes (index trades_open_copy_idx).
 */
export async function selectWatchedRelations(
  db: Db,
  symbols: readonly string[],
): Promise<Array<{ id: string; limitMinor: bigint }>> {
  if (symbols.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: copyRelations.id, limitMinor: copyRelations.copyStopLossMinor })
    .from(trades)
    .innerJoin(copyRelations, eq(copyRelations.id, trades.copyRelationId))
    .where(
      and(
        inArray(trades.symbol, [...symbols]),
        eq(trades.status, 'open'),
        isNotNull(trades.copyRelationId),
        eq(copyRelations.status, 'active'),
        isNotNull(copyRelations.copyStopLossMinor),
      ),
    );
  return rows.flatMap((row) => (row.limitMinor === null ? [] : [{ id: row.id, limitMinor: row.limitMinor }]));
}
