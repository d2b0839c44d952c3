const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID, checked before it reaches a `uuid` column (which would refuse it with an error). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
