import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** One page of a list, as every paged answer of the API carries it. */
export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

/** How many pages `total` items fill at `pageSize` a page; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Reads one page of a list: the rows of page `page` (1-based, `pageSize` a page) and the total
 * the page count comes from. The two queries must filter alike: give them the same `where`.
 */
export async function readPage<T>(
  { page, pageSize }: { page: number; pageSize: number },
  query: { total: () => Promise<number>; rows: (limit: number, offset: number) => Promise<T[]> },
): Promise<Page<T>> {
  const total = await query.total();
  const items = await query.rows(pageSize, (page - 1) * pageSize);
  return { items, page, pageCount: pageCount(total, pageSize), total };
}

/** The same page with every item turned into its answer. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}

/** The number of rows of `table` matching `where` (for `readPage`'s total). */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/**
 * Which rows page `page` is: `offset` and `limit` from the start or, for a page past the middle of
 * an exact total (`fromEnd`), from the end in the opposite order (`reversed`: read, then reverse), so
 * the last page costs what the first does instead of skipping every row before it. Null when the
 * page lies past the end.
 */
export function pageWindow(
  { page, pageSize }: { page: number; pageSize: number },
  total: number,
  { fromEnd = true }: { fromEnd?: boolean } = {},
): { reversed: boolean; limit: number; offset: number } | null {
  const offset = (page - 1) * pageSize;
  if (offset >= total) return null;
  if (fromEnd && offset > total / 2) {
    return {
      reversed: true,
      limit: Math.min(pageSize, total - offset),
      offset: Math.max(0, total - offset - pageSize),
    };
  }
  return { reversed: false, limit: pageSize, offset };
}
