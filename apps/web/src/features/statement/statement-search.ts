import { z } from 'zod';

/** The statement's page lives in the URL (`?page=2`), so the back button returns to it. */
export const StatementSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
});
