/** How many pages `total` items fill at `pageSize` a page; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
