import { expect, test } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

test('health answers while the process is up', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
});

test('ready answers when the database does', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(res.statusCode).toBe(200);
});

test('every response carries security headers with a content security policy', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

test('an unknown API path answers 404 with a machine-readable code', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
});

test('the OpenAPI document is served', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.json().paths['/api/health']).toBeDefined();
});

test("every API answer carries the server's own time (Server-Timing), also an error", async () => {
  for (const url of ['/api/health', '/api/nothing-here']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
  }
});
