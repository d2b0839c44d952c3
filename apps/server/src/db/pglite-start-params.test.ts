import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, inject, test } from 'vitest';
import { openDatabase } from './client.ts';

test("the tests' embedded databases start as the server's does (a 32 MB buffer cache), not with PGlite's 128 MB", async () => {
  const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshotPath'))]);
  const database = await openDatabase({ kind: 'pglite-snapshot', snapshot });
  try {
    const result = (await database.db.execute(sql`show shared_buffers`)) as { rows: unknown[] };
    expect(result.rows).toEqual([{ shared_buffers: '32MB' }]);
  } finally {
    await database.close();
  }
});
