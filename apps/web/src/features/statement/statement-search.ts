import { STATEMENT_KINDS } from '@candor/contracts/ledger';
import { FilterDaySchema } from '@candor/contracts/search';
import { z } from 'zod';

/**
 * The statement's page and filters live in the URL (`?page=2&kind=withdrawals&from=2026-03-01`), so
 * the back button returns to them. Anything unreadable is left out, and so is a To date before the
 * From date (the filters never apply it: statement-filters.tsx).
 */
export const StatementSearchSchema = z
  .object({
    page: z.coerce.number().int().min(1).catch(1),
    kind: z.enum(STATEMENT_KINDS).optional().catch(undefined),
    from: FilterDaySchema.optional().catch(undefined),
    to: FilterDaySchema.optional().catch(undefined),
  })
  .transform((search) =>
    // YYYY-MM-DD dates compare as text.
    search.from && search.to && search.to < search.from ? { ...search, to: undefined } : search,
  );
export type StatementSearch = z.infer<typeof StatementSearchSchema>;

/** The filters of a statement search: its kind and its days, those set. */
export type StatementFilterValues = Pick<StatementSearch, 'kind' | 'from' | 'to'>;

/** Whether any filter narrows the statement. */
export function isFiltered(filters: StatementFilterValues): boolean {
  return Boolean(filters.kind || filters.from || filters.to);
}
