import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeImage, makePdf } from '../../test/uploads.ts';
import type { StoredFile } from './files.repository.ts';
import { saveUpload } from './files.service.ts';
import { createLocalStorage } from './local-storage.ts';
import type { StorageBackend } from './storage-backend.ts';

let t: TestApp;
let dataDir: string;
let storage: StorageBackend;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  dataDir = fs.mkdtempSync('/tmp/candor-test-data-');
  t = await createTestApp({ DATA_DIR: dataDir });
  // The same folder the app stores in.
  storage = createLocalStorage(path.join(dataDir, 'uploads'));
  owner = await insertUser(t.db);
  other = await insertUser(t.db);
  admin = await insertUser(t.db, { role: 'admin' });
});
afterAll(() => t.close());

async function anonymousGet(file: StoredFile) {
  return t.app.inject({ method: 'GET', url: `/api/files/${file.id}` });
}

describe('a public file', () => {
  test('is served to anyone, cached for a year, shown inline and never sniffed', async () => {
    const file = await saveUpload(t.db, storage, {
      purpose: 'profile_picture',
      ownerUserId: owner.id,
      data: await makeImage('png'),
    });
    const res = await anonymousGet(file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(file.sizeBytes));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${file.id}.png"`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(res.rawPayload.length).toBe(file.sizeBytes);
  });

  test('is recorded with its purpose, visibility, owner and a random key under the uploads folder', async () => {
    const file = await saveUpload(t.db, storage, {
      purpose: 'trader_picture',
      ownerUserId: null,
      data: await makeImage('jpeg'),
    });
    expect(file).toMatchObject({
      purpose: 'trader_picture',
      visibility: 'public',
      contentType: 'image/jpeg',
    });
    expect(file.storageKey).toMatch(/^trader_picture\/[0-9a-f]{32}\.jpg$/);
    expect(
      fs.existsSync(path.join(dataDir, 'uploads', 'trader_picture', file.storageKey.split('/')[1] ?? '')),
    ).toBe(true);
  });
});

describe('a private file', () => {
  let idCard: StoredFile;
  beforeAll(async () => {
    idCard = await saveUpload(t.db, storage, {
      purpose: 'id_card',
      ownerUserId: owner.id,
      data: await makeImage('jpeg'),
    });
  });

  test('is recorded as private', () => {
    expect(idCard.visibility).toBe('private');
  });

  test('is served to its owner, and never stored by a cache', async () => {
    const browser = await signInAs(t.app, t.db, owner);
    const res = await browser.request({ method: 'GET', url: `/api/files/${idCard.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a proof of payment is served to an administrator', async () => {
    const proof = await saveUpload(t.db, storage, {
      purpose: 'proof_of_payment',
      ownerUserId: owner.id,
      data: await makeImage('jpeg'),
    });
    const browser = await signInAs(t.app, t.db, admin);
    const res = await browser.request({ method: 'GET', url: `/api/files/${proof.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('a proof of payment is not served to staff whose two-factor sign-in is off (as every staff route)', async () => {
    const proof = await saveUpload(t.db, storage, {
      purpose: 'proof_of_payment',
      ownerUserId: owner.id,
      data: await makeImage('jpeg'),
    });
    const support = await insertUser(t.db, { role: 'support', twoFactorSecret: null });
    const browser = await signInAs(t.app, t.db, support);
    const res = await browser.request({ method: 'GET', url: `/api/files/${proof.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
  });

  test('an ID image is not served to an administrator here (only through signed, audited links)', async () => {
    const browser = await signInAs(t.app, t.db, admin);
    const res = await browser.request({ method: 'GET', url: `/api/files/${idCard.id}` });
    expect(res.statusCode).toBe(404);
  });

  test('looks like a missing file to another client', async () => {
    const browser = await signInAs(t.app, t.db, other);
    const res = await browser.request({ method: 'GET', url: `/api/files/${idCard.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
  });

  test('looks like a missing file to an anonymous visitor', async () => {
    const res = await anonymousGet(idCard);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
  });

  test('a PDF is sent as a download, never rendered in the page', async () => {
    const pdf = await saveUpload(t.db, storage, {
      purpose: 'proof_of_payment',
      ownerUserId: owner.id,
      data: makePdf(),
    });
    const browser = await signInAs(t.app, t.db, owner);
    const res = await browser.request({ method: 'GET', url: `/api/files/${pdf.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${pdf.id}.pdf"`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload).toEqual(makePdf());
  });
});

describe('no file', () => {
  test.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a UUID', 'not-a-uuid'],
  ])('%s answers 404', async (_name, id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
  });

  test('a recorded file whose bytes are gone answers 404', async () => {
    const file = await saveUpload(t.db, storage, {
      purpose: 'favicon',
      ownerUserId: null,
      data: await makeImage('webp'),
    });
    await storage.delete(file.storageKey);
    expect((await anonymousGet(file)).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.id, file.id))).toHaveLength(1);
  });
});
