/**
 * What went wrong, as a person reads it: an Error's message (an ApiError carries the server's),
 * anything else thrown as text.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
