import { vi } from 'vitest';

type DriverClient = { query(...args: unknown[]): Promise<unknown> };

/**
 * Spies on the statements a Drizzle database or transaction sends to its driver (PGlite, or
 * node-postgres' pool or the transaction's connection): those Drizzle builds and runs, and the raw
 * ones db/select-rows.ts sends straight to the driver. `textsOf(spy)` lists their texts.
 */
export function spyOnStatements(db: object) {
  const client = (db as { session: { client: DriverClient } }).session.client;
  return vi.spyOn(client, 'query');
}

export function textsOf(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map(([query]) =>
    typeof query === 'string' ? query : String((query as { text?: unknown }).text),
  );
}
