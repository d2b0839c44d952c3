import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { copyRelations, skippedCopies, strategyProviders } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';

/** A skipped copy with what its follower may see of the provider's trade (symbol and direction). */
export type SkippedCopyRow = {
  id: string;
  skippedAt: Date;
  reasonCode: string;
  message: string;
  providerId: string;
  providerName: string;
  symbol: string;
  direction: 'buy' | 'sell';
};

/**
 * One follower's skipped copies, newest first, through skipped_copies_follower_idx (follower,
 * skipped_at); each with its provider's display name and the instrument of the trade not copied.
 */
export function selectSkippedCopiesOfFollower(
  db: Db,
  query: { followerUserId: string; page: number; pageSize: number },
): Promise<Page<SkippedCopyRow>> {
  const where = eq(skippedCopies.followerUserId, query.followerUserId);
  return readPage(query, {
    total: () => countRows(db, skippedCopies, where),
    rows: (limit, offset) =>
      db
        .select({
          id: skippedCopies.id,
          skippedAt: skippedCopies.skippedAt,
          reasonCode: skippedCopies.reasonCode,
          message: skippedCopies.message,
          providerId: strategyProviders.id,
          providerName: strategyProviders.displayName,
          symbol: trades.symbol,
          direction: trades.direction,
        })
        .from(skippedCopies)
        .innerJoin(copyRelations, eq(copyRelations.id, skippedCopies.copyRelationId))
        .innerJoin(strategyProviders, eq(strategyProviders.id, copyRelations.providerId))
        .innerJoin(trades, eq(trades.id, skippedCopies.providerTradeId))
        .where(where)
        .orderBy(desc(skippedCopies.skippedAt), desc(skippedCopies.id))
        .limit(limit)
        .offset(offset),
  });
}
