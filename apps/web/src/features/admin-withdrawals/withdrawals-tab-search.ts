import { z } from 'zod';

/**
 * The Withdrawals tab's place lives in the URL (`?tab=withdrawals&page=2&search=ada`), so coming
 * back from a withdrawal returns to it. The router reads `?search=123` as a number: accept both.
 */
export const WithdrawalsTabSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  search: z
    .union([z.string(), z.number().transform(String)])
    .catch('')
    .transform((v) => v.trim()),
});

/** Badge colours of each status label. */
export const STATUS_STYLES: Readonly<Record<string, string>> = {
  'Awaiting confirmation': 'bg-sky-100 text-sky-800',
  'On hold': 'bg-orange-100 text-orange-800',
  Pending: 'bg-amber-100 text-amber-800',
  Approved: 'bg-emerald-100 text-emerald-800',
  Rejected: 'bg-red-100 text-red-700',
  Unknown: 'bg-slate-100 text-slate-600',
};
