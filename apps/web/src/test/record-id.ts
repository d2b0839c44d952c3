/** A record's id (a UUID) made from a number, so tests can name records 1, 2, 3. */
export const recordId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
