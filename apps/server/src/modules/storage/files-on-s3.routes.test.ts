import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertSignedInUser } from '../../test/factories.ts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { type Browser, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';

let s3: FakeS3;
let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });
  ({ browser: browser } = await insertSignedInUser(t));
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function uploadPicture(): Promise<string> {
  const { payload, headers } = multipartUpload({
    filename: 'me.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  const res = await browser.request({
    method: 'POST',
    url: '/api/account/profile-picture',
    payload,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().profileImageUrl;
}

test('with S3 configured, an upload goes to the bucket under a random key and is served from it', async () => {
  const url = await uploadPicture();
  const keys = [...s3.objects.keys()];
  expect(keys).toEqual([expect.stringMatching(/^profile_picture\/[0-9a-f]{32}\.png$/)]);
  const served = await t.app.inject({ method: 'GET', url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.rawPayload).toEqual(s3.objects.get(keys[0] ?? '')?.body);
});

test('a replaced picture is deleted from the bucket', async () => {
  const before = new Set(s3.objects.keys());
  await uploadPicture();
  expect(s3.objects.size).toBe(1);
  expect(before.has([...s3.objects.keys()][0] ?? '')).toBe(false);
});
