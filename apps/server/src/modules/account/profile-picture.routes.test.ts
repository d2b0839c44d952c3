import { randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@candor/contracts/files';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { files } from '../../db/schema/files.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, makeJpegWithExif, multipartUpload, type UploadPart } from '../../test/uploads.ts';

const t = useTestApp();
let user: TestUser;
let browser: Browser;
beforeAll(async () => {
  user = await insertUser(t.db);
  browser = await signInAs(t.app, t.db, user);
});

function upload(part: UploadPart, as: Browser = browser) {
  const { payload, headers } = multipartUpload(part);
  return as.request({ method: 'POST', url: '/api/account/profile-picture', payload, headers });
}

async function storedPictureId(): Promise<string | null> {
  const [row] = await t.db.select({ id: users.profileImageFileId }).from(users).where(eq(users.id, user.id));
  return row?.id ?? null;
}

describe('a picture is accepted', () => {
  test('a PNG is stored publicly and becomes the profile picture', async () => {
    const res = await upload({ filename: 'me.png', contentType: 'image/png', data: await makeImage('png') });
    expect(res.statusCode).toBe(200);
    const id = await storedPictureId();
    expect(res.json()).toEqual({ profileImageUrl: `/api/files/${id}` });
    const [file] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, id ?? ''));
    expect(file).toMatchObject({ purpose: 'profile_picture', visibility: 'public', ownerUserId: user.id });
    const served = await t.app.inject({ method: 'GET', url: `/api/files/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  test('a PNG named .pdf is judged by its content: stored as a PNG', async () => {
    const res = await upload({
      filename: 'scan.pdf',
      contentType: 'application/pdf',
      data: await makeImage('png'),
    });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().profileImageUrl });
    expect(served.headers['content-type']).toBe('image/png');
  });

  test('the stored picture has no EXIF: no camera, no owner, no position', async () => {
    const res = await upload({
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      data: await makeJpegWithExif(),
    });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().profileImageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);
  });

  test('a new picture replaces the old one, whose file is deleted', async () => {
    const first = await upload({
      filename: 'a.webp',
      contentType: 'image/webp',
      data: await makeImage('webp'),
    });
    const second = await upload({
      filename: 'b.webp',
      contentType: 'image/webp',
      data: await makeImage('webp'),
    });
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: first.json().profileImageUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.json().profileImageUrl })).statusCode).toBe(200);
    expect(await t.db.select().from(files).where(eq(files.ownerUserId, user.id))).toHaveLength(1);
  });

  test('a picture above the 1 MB limit of JSON bodies is fine (the upload limit is 5 MB)', async () => {
    const noise = await sharp(randomBytes(900 * 700 * 3), { raw: { width: 900, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const res = await upload({ filename: 'big.png', contentType: 'image/png', data: noise });
    expect(res.statusCode).toBe(200);
  });
});

describe('a picture is refused', () => {
  test('a text file named .png: 415 with a clear message', async () => {
    const before = await storedPictureId();
    const res = await upload({
      filename: 'me.png',
      contentType: 'image/png',
      data: Buffer.from('not an image at all'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Please choose a PNG, JPEG or WebP image.',
    });
    expect(await storedPictureId()).toBe(before);
  });

  test('more than 5 MB: 413 "The file is larger than 5 MB."', async () => {
    const data = Buffer.concat([await makeImage('png'), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload({ filename: 'huge.png', contentType: 'image/png', data });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is larger than 5 MB.' });
  });

  test('an empty file (0 bytes): 400 "The file is empty. Please choose another file."', async () => {
    const res = await upload({ filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'FILE_EMPTY',
      message: 'The file is empty. Please choose another file.',
    });
  });

  test.each([
    ['no file chosen', { filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) }],
    [
      'a file in another field',
      { field: 'picture', filename: 'me.png', contentType: 'image/png', data: Buffer.from('x') },
    ],
  ])('%s: 400 "Please select a file first"', async (_name, part) => {
    const res = await upload(part);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'FILE_REQUIRED', message: 'Please select a file first' });
  });

  test('a request that is not a form upload: 400 "Please select a file first"', async () => {
    const res = await browser.request({ method: 'POST', url: '/api/account/profile-picture', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'FILE_REQUIRED', message: 'Please select a file first' });
  });

  test.each([
    ['without a boundary', 'multipart/form-data', 'garbage'],
    [
      'cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    ],
  ])('a malformed upload (%s): 400, not a server error', async (_name, contentType, payload) => {
    const res = await browser.request({
      method: 'POST',
      url: '/api/account/profile-picture',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The upload could not be read. Please try again.',
    });
  });

  test('an anonymous visitor: 401', async () => {
    const { payload, headers } = multipartUpload({
      filename: 'me.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/account/profile-picture', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
