/**
 * The rows a multi-row statement returned (RETURNING gives no order), in the order of the ids the
 * caller gave them. Throws when one is missing: `what` names the row in the error ("a trade").
 */
export function inOrderOf<Row extends { id: string }>(
  ids: ReadonlyArray<string | undefined>,
  rows: readonly Row[],
  what: string,
): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = id === undefined ? undefined : byId.get(id);
    if (!row) throw new Error(`${what} was not stored`);
    return row;
  });
}
