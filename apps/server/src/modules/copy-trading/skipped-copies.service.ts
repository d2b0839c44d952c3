import {
  SKIPPED_COPIES_PAGE_SIZE,
  type SkippedCopyListQuery,
  type SkippedCopyPage,
} from '@candor/contracts/copy-trading';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { selectSkippedCopiesOfFollower } from './skipped-copies.repository.ts';

/** The signed-in follower's own skipped copies, newest first (ten a page); nobody else's. */
export async function listOwnSkippedCopies(
  db: Db,
  userId: string,
  query: SkippedCopyListQuery,
): Promise<SkippedCopyPage> {
  const found = await selectSkippedCopiesOfFollower(db, {
    followerUserId: userId,
    page: query.page,
    pageSize: SKIPPED_COPIES_PAGE_SIZE,
  });
  return mapPage(found, (row) => ({
    id: row.id,
    skippedAt: row.skippedAt.toISOString(),
    provider: { id: row.providerId, displayName: row.providerName },
    symbol: row.symbol,
    direction: row.direction,
    reasonCode: row.reasonCode,
    message: row.message,
  }));
}
