import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';
import { startPgliteThread, startPgliteThreadEarly, takeEarlyPgliteThread } from './pglite-thread-start.ts';

// Two data folders for the file: creating a PostgreSQL cluster takes seconds.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-pglite-thread-'));
const other = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-pglite-thread-'));
let db: PgliteThread;

async function open(): Promise<PgliteThread> {
  return PgliteThread.connect(startPgliteThread(dataDir, 'the thread test'));
}

beforeAll(async () => {
  db = await open();
  await db.exec('create table items (id int primary key, label text not null)');
}, 60_000);

afterAll(async () => {
  await db.close();
  for (const dir of [dataDir, other]) fs.rmSync(dir, { recursive: true, force: true });
});

test('a query with parameters answers with parsed values, as PGlite does', async () => {
  const result = await db.query<{ n: number; j: { a: number[] }; arr: number[]; big: bigint | string }>(
    `select $1::int + 1 as n, $2::jsonb as j, array[1, 2, 3] as arr, 9007199254740993::int8 as big`,
    [41, { a: [1, 2] }],
  );
  expect(result.rows[0]?.n).toBe(42);
  expect(result.rows[0]?.j).toEqual({ a: [1, 2] });
  expect(result.rows[0]?.arr).toEqual([1, 2, 3]);
  expect(String(result.rows[0]?.big)).toBe('9007199254740993');
});

test("a failed statement throws PGlite's DatabaseError with its code, and the next statement runs", async () => {
  await db.query('insert into items values (1, $1)', ['one']);
  const failure = await db
    .query('insert into items values (1, $1)', ['again'])
    .catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(messages.DatabaseError);
  expect((failure as messages.DatabaseError).code).toBe('23505');
  expect((await db.query('select count(*)::int as n from items')).rows).toEqual([{ n: 1 }]);
});

test('a syntax error, a failure inside a transaction and a notice leave the connection usable', async () => {
  await expect(db.query('selec 1')).rejects.toMatchObject({ code: '42601' });
  await expect(
    db.transaction(async (tx) => {
      await tx.query('insert into items values (50, $1)', ['fifty']);
      await tx.query('insert into items values (50, $1)', ['again']);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect((await db.query('select count(*)::int as n from items where id = 50')).rows).toEqual([{ n: 0 }]);
  const notices: string[] = [];
  await db.query(`do $$ begin raise notice 'careful'; end $$`, [], {
    onNotice: (notice) => notices.push(notice.message ?? ''),
  });
  expect(notices).toEqual(['careful']);
  expect((await db.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
});

test('a statement described before a schema change is described again after it', async () => {
  await db.exec('create table kinds (v int)');
  await db.query('insert into kinds values ($1)', [5]);
  await db.exec('alter table kinds alter column v type jsonb using to_jsonb(v)');
  // Kept from before, the parameter would still be an integer and {"a": 1} would not go in.
  await db.query('insert into kinds values ($1)', [{ a: 1 }]);
  const rows = await db.query<{ v: unknown }>('select v from kinds order by v::text');
  expect(rows.rows.map((row) => row.v)).toEqual([5, { a: 1 }]);
});

test('a reply of several megabytes comes back whole', async () => {
  const result = await db.query<{ big: string }>(`select repeat('x', 6000000) || 'end' as big`);
  expect(result.rows[0]?.big.length).toBe(6_000_003);
  expect(result.rows[0]?.big.endsWith('xend')).toBe(true);
});

test('a transaction that throws is rolled back; one that returns is committed', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.query('insert into items values (2, $1)', ['two']);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await db.transaction(async (tx) => {
    await tx.query('insert into items values (3, $1)', ['three']);
  });
  const ids = await db.query<{ id: number }>('select id from items order by id');
  expect(ids.rows.map((row) => row.id)).toEqual([1, 3]);
});

test('statements sent while a transaction runs wait for it: it sees only its own writes', async () => {
  const inserts = Array.from({ length: 40 }, (_, i) =>
    db.query('insert into items values ($1, $2)', [100 + i, 'x']),
  );
  const seen = db.transaction(async (tx) => {
    const before = await tx.query<{ n: number }>('select count(*)::int as n from items');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await tx.query<{ n: number }>('select count(*)::int as n from items');
    return [before.rows[0]?.n, after.rows[0]?.n];
  });
  await Promise.all(inserts);
  const [before, after] = await seen;
  expect(after).toBe(before);
  expect((await db.query('select count(*)::int as n from items where id >= 100')).rows).toEqual([{ n: 40 }]);
});

test('a notification reaches the listener of its channel (the job queue listens)', async () => {
  const payloads: string[] = [];
  const stop = await db.listen('Job_Events', (payload) => payloads.push(payload));
  await db.query(`select pg_notify('job_events', 'hello')`);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(payloads).toEqual(['hello']);
  await stop();
  await db.query(`select pg_notify('job_events', 'after')`);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(payloads).toEqual(['hello']);
});

test('the folder is locked while the thread has it; closed, it opens again with what was committed', async () => {
  // Another process is refused while this one holds the lock (data-dir-lock.test.ts, server.test.ts).
  expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'candor.lock'), 'utf8'))).toMatchObject({
    pid: process.pid,
    holder: 'the thread test',
  });
  const closed = db;
  await closed.close();
  await expect(closed.query('select 1')).rejects.toThrow(/closed/);
  // Closed on purpose: not lost (the server would otherwise end itself while shutting down).
  const settled = await Promise.race([
    closed.lost.then(() => 'lost'),
    new Promise((resolve) => setTimeout(resolve, 50, 'not lost')),
  ]);
  expect(settled).toBe('not lost');
  db = await open();
  const ids = await db.query<{ id: number }>('select id from items where id < 100 order by id');
  expect(ids.rows.map((row) => row.id)).toEqual([1, 3]);
}, 60_000);

test('a thread that stops fails the statements waiting on it instead of leaving them hanging, and the client is lost', async () => {
  const started = startPgliteThread(other, 'the stop test');
  try {
    const client = await PgliteThread.connect(started);
    const waiting = client.query('select pg_sleep(0.2)');
    await started.worker.terminate();
    await expect(waiting).rejects.toThrow(/stopped/);
    await expect(client.query('select 1')).rejects.toThrow(/stopped/);
    // The server ends itself on this (db/exit-when-database-lost.ts).
    expect((await client.lost).message).toMatch(/the embedded database's thread stopped/);
  } finally {
    started.lock.release();
  }
}, 60_000);

test('the thread started early is taken by the start for its folder, once; another folder does not take it', async () => {
  startPgliteThreadEarly({ DATA_DIR: other, PORT: '4999' });
  expect(fs.readFileSync(path.join(other, 'candor.lock'), 'utf8')).toContain(
    'the Candor server on port 4999',
  );
  const early = takeEarlyPgliteThread(other);
  expect(early?.dataDir).toBe(other);
  expect(takeEarlyPgliteThread(other)).toBeUndefined();
  const client = await PgliteThread.connect(early as NonNullable<typeof early>);
  expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  await client.close();
  early?.lock.release();

  startPgliteThreadEarly({ DATA_DIR: other, DATABASE_URL: 'postgres://elsewhere/db' });
  expect(takeEarlyPgliteThread(other)).toBeUndefined();

  startPgliteThreadEarly({ DATA_DIR: other });
  expect(takeEarlyPgliteThread(dataDir)).toBeUndefined();
  await expect.poll(() => fs.existsSync(path.join(other, 'candor.lock'))).toBe(false);
}, 60_000);

test("the thread's PostgreSQL starts with the embedded databases' parameters (a 32 MB buffer cache)", async () => {
  expect((await db.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '32MB' }]);
});
