import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { instanceSecrets } from '../db/schema/secrets.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { ensureInstanceSecret, ensureInstanceSeed } from './instance-secret.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

test('a secret is made on first use, then read back the same', async () => {
  const first = await ensureInstanceSecret(database.db, 'test-secret');
  expect(first).toMatch(/^[\w-]{43}$/);
  expect(await ensureInstanceSecret(database.db, 'test-secret')).toBe(first);
  expect(await ensureInstanceSecret(database.db, 'other-secret')).not.toBe(first);
});

test('servers starting together agree on one secret', async () => {
  const values = await Promise.all(
    Array.from({ length: 4 }, () => ensureInstanceSecret(database.db, 'raced-secret')),
  );
  expect(new Set(values).size).toBe(1);
  const rows = await database.db.select().from(instanceSecrets);
  expect(rows.filter((row) => row.name === 'raced-secret')).toHaveLength(1);
});

test('a seed is the secret read as a 32-bit number, the same each time', async () => {
  const seed = await ensureInstanceSeed(database.db, 'test-seed');
  expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
  expect(await ensureInstanceSeed(database.db, 'test-seed')).toBe(seed);
});
