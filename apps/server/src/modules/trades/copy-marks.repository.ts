import type { CopiedFrom } from '@candor/contracts/trades';
import { measureCopyGap } from '@candor/domain/copy/copy-gap';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { copyRelations, strategyProviders } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import type { TradeRow } from './trades.repository.ts';

/** What each listed copy shows of the provider's trade it copies, by the copy's id. */
export type CopyMarks = ReadonlyMap<string, CopiedFrom>;

/** For trades that cannot be copies (a customer's own new trade, a desk trade). */
export const NO_COPY_MARKS: CopyMarks = new Map();

const providerTrades = alias(trades, 'provider_trades');

/**
 * The marks of the copies among `rows`, in ONE query (none when no row is a copy): the provider's
 * display name and the delay and price difference of each copy from the provider's open and close.
 * Only the provider trade's times and executed prices are read, never its amounts or account.
 */
export async function findCopyMarks(db: Db, rows: readonly TradeRow[]): Promise<CopyMarks> {
  const copies = rows.filter((row) => row.copyRelationId !== null);
  if (copies.length === 0) return NO_COPY_MARKS;
  const found = await db
    .select({
      copyId: trades.id,
      providerName: strategyProviders.displayName,
      providerTradeId: providerTrades.id,
      openedAt: providerTrades.openedAt,
      openPrice: providerTrades.openPrice,
      closedAt: providerTrades.closedAt,
      closePrice: providerTrades.closePrice,
    })
    .from(trades)
    .innerJoin(providerTrades, eq(providerTrades.id, trades.copiedFromTradeId))
    .innerJoin(copyRelations, eq(copyRelations.id, trades.copyRelationId))
    .innerJoin(strategyProviders, eq(strategyProviders.id, copyRelations.providerId))
    .where(
      inArray(
        trades.id,
        copies.map((row) => row.id),
      ),
    );
  const byCopy = new Map(found.map((mark) => [mark.copyId, mark]));
  const marks = new Map<string, CopiedFrom>();
  for (const copy of copies) {
    const mark = byCopy.get(copy.id);
    if (!mark) throw new Error(`the copied trade ${copy.id} has no provider trade`);
    const gap = measureCopyGap(
      {
        openedAtMs: copy.openedAt.getTime(),
        openPrice: copy.openPrice,
        closedAtMs: copy.closedAt?.getTime() ?? null,
        closePrice: copy.closePrice,
      },
      {
        openedAtMs: mark.openedAt.getTime(),
        openPrice: mark.openPrice,
        closedAtMs: mark.closedAt?.getTime() ?? null,
        closePrice: mark.closePrice,
      },
    );
    marks.set(copy.id, { providerName: mark.providerName, providerTradeId: mark.providerTradeId, ...gap });
  }
  return marks;
}
