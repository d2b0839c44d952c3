import { z } from 'zod';

/**
 * The outbox list's place lives in the URL (`?page=2&search=ada`), so the back button returns to
 * it. The router reads `?search=123` as a number: accept both.
 */
export const OutboxSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  search: z
    .union([z.string(), z.number().transform(String)])
    .catch('')
    .transform((v) => v.trim()),
});
