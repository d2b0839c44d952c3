import { z } from 'zod';

/** The page of Messages lives in the URL (`?page=2`), so the back button returns to it. */
export const MessagesSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
});
