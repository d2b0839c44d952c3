import { PGlite } from '@electric-sql/pglite';
import { expect, test } from 'vitest';
import { compilePgliteWasm } from './pglite-engine.ts';

test("PGlite's WebAssembly is compiled once per process and opens a database", async () => {
  const first = compilePgliteWasm();
  expect(compilePgliteWasm()).toBe(first);
  const pg = await PGlite.create({ pgliteWasmModule: await first });
  try {
    expect((await pg.query<{ answer: number }>('select 41 + 1 as answer')).rows).toEqual([{ answer: 42 }]);
  } finally {
    await pg.close();
  }
});
