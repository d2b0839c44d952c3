import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'main-abc.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

test('a page path of the app is answered with the app', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/all-user?tab=settings' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('<title>app</title>');
});

test('a built asset is served with a long cache', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toContain('immutable');
});

test('a missing asset is a 404, not the app page', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-old.js' });
  expect(res.statusCode).toBe(404);
});

test('pages carry the content security policy', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
});
