import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAdminCommand } from '../cli/admin-commands.ts';
import { auditLog } from '../db/schema/audit.ts';
import { users } from '../db/schema/auth.ts';
import { files } from '../db/schema/files.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { journalEntries } from '../db/schema/ledger.ts';
import { identitySubmissions } from '../db/schema/verifications.ts';
import { selectRows } from '../db/select-rows.ts';
import { readEnv } from '../env.ts';
import { createLocalStorage } from '../modules/storage/local-storage.ts';
import { createS3Storage } from '../modules/storage/s3-storage.ts';
import type { StorageBackend } from '../modules/storage/storage-backend.ts';
import { createStorageKey } from '../modules/storage/storage-key.ts';
import { FILE_ID_COLUMNS, removeUnusedFiles } from '../modules/storage/unused-files.ts';
import { insertPendingDeposit } from '../test/deposits.ts';
import { insertUser, useSignedInUser } from '../test/factories.ts';
import { type FakeS3, startFakeS3 } from '../test/fake-s3.ts';
import { createManualClock } from '../test/manual-clock.ts';
import { useTestApp } from '../test/test-app.ts';
import { HOUR_MS, runHousekeeping } from './housekeeping-job.ts';
import { pruneExpiredIdempotencyKeys } from './idempotency-expiry.ts';

const clock = createManualClock(new Date());
const dataDir = fs.mkdtempSync('/tmp/candor-housekeeping-');
const t = useTestApp({ DATA_DIR: dataDir }, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });
const local = createLocalStorage(path.join(dataDir, 'uploads'));
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

function adjust(userId: string, amount: string, key: string) {
  return admin.browser.request({
    method: 'POST',
    url: `/api/admin/users/${userId}/adjustments`,
    payload: { direction: 'credit', amount, reason: 'Goodwill' },
    headers: { 'idempotency-key': key },
  });
}

async function entryCount(userId: string) {
  return (await t.db.select().from(journalEntries).where(eq(journalEntries.userId, userId))).length;
}

describe('an idempotency key', () => {
  test('replays its answer for 24 hours', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    const first = await adjust(customer.id, '10', key);
    clock.advance(23 * HOUR_MS);
    const again = await adjust(customer.id, '10', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await entryCount(customer.id)).toBe(1);
  });

  test('after 24 hours no longer replays: the request is new, and its answer replays from then on', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    const first = await adjust(customer.id, '10', key);
    clock.advance(24 * HOUR_MS + 1000);
    const later = await adjust(customer.id, '10', key);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().entryId).not.toBe(first.json().entryId);
    const retry = await adjust(customer.id, '10', key);
    expect(retry.json()).toEqual(later.json());
    expect(await entryCount(customer.id)).toBe(2);
  });

  test('after 24 hours may carry other content (it is a new request, not a reuse)', async () => {
    const customer = await insertUser(t.db);
    const key = randomUUID();
    await adjust(customer.id, '10', key);
    expect((await adjust(customer.id, '11', key)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    clock.advance(25 * HOUR_MS);
    const res = await adjust(customer.id, '11', key);
    expect(res.statusCode, res.body).toBe(200);
    expect(await entryCount(customer.id)).toBe(2);
  });
});

describe('pruning idempotency keys', () => {
  test('deletes the expired keys in batches and keeps the fresh ones', async () => {
    const actorId = randomUUID();
    const now = clock.now();
    const row = (key: string, ageHours: number) => ({
      actorId,
      key,
      scope: 'POST /api/test',
      requestHash: 'x',
      createdAt: new Date(now.getTime() - ageHours * HOUR_MS),
    });
    await t.db
      .insert(idempotencyKeys)
      .values([
        ...['a', 'b', 'c', 'd', 'e'].map((key, i) => row(key, 25 + i)),
        row('fresh1', 1),
        row('fresh2', 23),
      ]);
    const removed = await pruneExpiredIdempotencyKeys(t.db, {
      before: new Date(now.getTime() - 24 * HOUR_MS),
      batchSize: 2,
    });
    expect(removed).toBeGreaterThanOrEqual(5);
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.actorId, actorId));
    expect(left.map((key) => key.key).sort()).toEqual(['fresh1', 'fresh2']);
  });
});

/** A stored upload: its bytes in `storage` and its record, `ageHours` old. */
async function upload(storage: StorageBackend, ageHours: number, ownerUserId: string | null = null) {
  const storageKey = createStorageKey('proof_of_payment', 'png');
  await storage.put(storageKey, Buffer.from('bytes'), 'image/png');
  const [file] = await t.db
    .insert(files)
    .values({
      storageKey,
      purpose: 'proof_of_payment',
      visibility: 'private',
      ownerUserId,
      contentType: 'image/png',
      sizeBytes: 5,
      createdAt: new Date(clock.now().getTime() - ageHours * HOUR_MS),
    })
    .returning();
  if (!file) throw new Error('no file row');
  return file;
}

async function stillThere(storage: StorageBackend, file: { id: string; storageKey: string }) {
  const rows = await t.db.select().from(files).where(eq(files.id, file.id));
  const bytes = await storage.get(file.storageKey);
  bytes?.destroy();
  return { row: rows.length === 1, bytes: bytes !== undefined };
}

describe('unused uploads', () => {
  test('older than a day are removed from storage and the database; used and fresh ones stay', async () => {
    const customer = await insertUser(t.db);
    const old = await upload(local, 25, customer.id);
    const fresh = await upload(local, 23, customer.id);
    const proof = await upload(local, 48, customer.id);
    await insertPendingDeposit(t.db, customer.id, { proofFileId: proof.id });
    const picture = await upload(local, 48, customer.id);
    await t.db.update(users).set({ profileImageFileId: picture.id }).where(eq(users.id, customer.id));
    const idFront = await upload(local, 48, customer.id);
    await t.db.insert(identitySubmissions).values({
      userId: customer.id,
      documentType: 'passport',
      documentExpiry: '2040-01-01',
      frontFileId: idFront.id,
      status: 'declined',
    });

    const summary = await removeUnusedFiles({
      db: t.db,
      storage: local,
      before: new Date(clock.now().getTime() - 24 * HOUR_MS),
      log: console,
      batchSize: 1,
    });

    expect(summary.filesRemoved).toBeGreaterThanOrEqual(1);
    expect(await stillThere(local, old)).toEqual({ row: false, bytes: false });
    for (const kept of [fresh, proof, picture, idFront]) {
      expect(await stillThere(local, kept)).toEqual({ row: true, bytes: true });
    }
  });

  test('are removed from an S3-compatible bucket too', async () => {
    const bucket = createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    });
    const old = await upload(bucket, 30);
    const fresh = await upload(bucket, 2);
    await removeUnusedFiles({
      db: t.db,
      storage: bucket,
      before: new Date(clock.now().getTime() - 24 * HOUR_MS),
      log: console,
    });
    expect(await stillThere(bucket, old)).toEqual({ row: false, bytes: false });
    expect(await stillThere(bucket, fresh)).toEqual({ row: true, bytes: true });
  });
});

describe('the housekeeping job', () => {
  test('removes expired keys and unused uploads and logs the counts only', async () => {
    const old = await upload(local, 30);
    await t.db.insert(idempotencyKeys).values({
      actorId: randomUUID(),
      key: 'old',
      scope: 'POST /api/test',
      requestHash: 'x',
      createdAt: new Date(clock.now().getTime() - 48 * HOUR_MS),
    });
    const logged: unknown[] = [];
    const logger = { info: (entry: unknown) => logged.push(entry), warn: () => {}, error: () => {} };
    const summary = await runHousekeeping({
      db: t.db,
      storage: local,
      logger,
      now: clock.now(),
      idempotencyKeyTtlMs: 24 * HOUR_MS,
      unusedFileAgeMs: 24 * HOUR_MS,
    });
    expect(summary).toMatchObject({ filesRemoved: 1, bytesNotDeleted: 0 });
    expect(summary.idempotencyKeysRemoved).toBeGreaterThanOrEqual(1);
    expect(logged).toEqual([{ housekeeping: summary }]);
    expect(JSON.stringify(logged)).not.toContain(old.storageKey);
    const left = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'old'), eq(idempotencyKeys.scope, 'POST /api/test')));
    expect(left).toEqual([]);
  });

  test('runs in the app with its settings', async () => {
    const old = await upload(local, 30);
    const summary = await t.app.housekeeping.runOnce();
    expect(summary.filesRemoved).toBe(1);
    expect(await stillThere(local, old)).toEqual({ row: false, bytes: false });
  });

  test('runs now from the command line, which prints the counts and audits them', async () => {
    clock.set(new Date()); // the command line reads the system clock
    const old = await upload(local, 30);
    const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const answer = await runAdminCommand(t.db, env, { command: 'housekeeping' });
    expect(answer.code).toBe(0);
    expect(answer.out.join('\n')).toMatch(
      /Housekeeping: \d+ expired idempotency keys and 1 unused uploads removed/,
    );
    expect(await stillThere(local, old)).toEqual({ row: false, bytes: false });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'housekeeping.run'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ filesRemoved: 1 });
  });
});

test('every column of the database that holds a file id is one housekeeping checks', async () => {
  const rows = await selectRows<{ name: string }>(
    t.db,
    sql`select table_name || '.' || column_name as name from information_schema.columns
         where table_schema = 'public' and column_name like '%file\\_id' and table_name <> 'files'
         order by 1`,
  );
  expect(rows.map((row) => row.name).sort()).toEqual([...FILE_ID_COLUMNS].sort());
});
