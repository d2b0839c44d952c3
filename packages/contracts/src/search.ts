import { z } from 'zod';

/** The longest search a back-office list takes: an e-mail address's longest (RFC 5321's path). */
export const SEARCH_MAX_LENGTH = 254;

/** A list's search text (part of an e-mail, a name, an id), trimmed; the field takes no more. */
export const SearchTextSchema = z.string().trim().max(SEARCH_MAX_LENGTH).optional();
