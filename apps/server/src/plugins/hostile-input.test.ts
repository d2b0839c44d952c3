import { describe, expect, test } from 'vitest';
import { insertSignedInUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { depthOf, MAX_JSON_DEPTH } from './json-body.ts';
import { findNul, NUL_MESSAGE } from './validation.ts';

/** What the fuzz test (fuzz/api-fuzz.test.ts) found, each pinned by a request of its own. */
const t = useTestApp();

describe('the router refuses a URL it cannot read with { code, message }', () => {
  test('escapes that do not decode answer 400', async () => {
    for (const url of ['/api/files/%zz', '/api/files/%ED%A0%80', '/api/admin/users/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The address is not valid.' });
    }
  });

  test('a path parameter too long for the router answers 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${'9'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The address is too long.' });
  });
});

describe('NUL never reaches the database', () => {
  test('in a path parameter', async () => {
    const { browser } = await insertSignedInUser(t, { role: 'admin' });
    for (const url of ['/api/admin/users/a%00b', '/api/admin/users/%00/sessions']) {
      const res = await browser.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: `id: ${NUL_MESSAGE}` });
    }
  });

  test('in a query string and in a JSON body', async () => {
    const { browser, user } = await insertSignedInUser(t, { role: 'admin' });
    const search = await browser.request({ method: 'GET', url: '/api/admin/users?search=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ code: 'VALIDATION_FAILED', message: `search: ${NUL_MESSAGE}` });
    const suspend = await browser.post(`/api/admin/users/${user.id}/suspend`, { reason: 'bad\u0000actor' });
    expect(suspend.statusCode).toBe(400);
    expect(suspend.json()).toEqual({ code: 'VALIDATION_FAILED', message: `reason: ${NUL_MESSAGE}` });
  });

  test('findNul names where it is, in values and in keys', () => {
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul({ a: ['x', 1, null] })).toBeUndefined();
  });
});

describe('JSON nested too deeply is refused as it arrives', () => {
  test('100,000 nested arrays to a money route answer 400, not a stack overflow', async () => {
    const { browser } = await insertSignedInUser(t);
    const res = await browser.request({
      method: 'POST',
      url: '/api/trades/00000000-0000-4000-8000-000000000000/close',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request body is nested too deeply.',
    });
  });

  test(`depth is counted without recursion, and ${MAX_JSON_DEPTH} levels are allowed`, () => {
    let value: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) value = [value];
    expect(depthOf(value)).toBe(MAX_JSON_DEPTH);
    expect(depthOf({ a: 1, b: { c: [] } })).toBe(3);
    expect(depthOf('text')).toBe(0);
  });

  test('prototype poisoning is still refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.c","password":"x","__proto__":{"role":"owner"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('a JSON body over the 1 MB limit', () => {
  test('answers 413 saying the request is too large, not that a file is over 5 MB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({
        username: 'ann_1',
        fullname: 'x'.repeat(2_000_000),
        email: 'a@b.co',
        password: 'password-123',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The request is too large.' });
  });
});
