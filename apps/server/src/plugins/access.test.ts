import { eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { signedInBrowser, signUpUser } from '../test/auth-helpers.ts';
import { type Browser, useTestApp } from '../test/test-app.ts';

/**
 * Walks every /api route the app registered: a client route refuses anonymous callers (401) and
 * an admin route refuses clients (403). A new route without a working check fails here.
 */
const t = useTestApp();
let client: Browser;
beforeAll(async () => {
  client = await signedIn('client');
});

async function signedIn(role: 'client' | 'admin'): Promise<Browser> {
  const user = await signUpUser(t.app);
  if (role === 'admin') await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return signedInBrowser(t.app, user);
}

function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

test('every API route declares who may call it', () => {
  expect(t.app.routeAccess.length).toBeGreaterThan(10);
  for (const route of t.app.routeAccess) expect(['public', 'client', 'admin']).toContain(route.access);
});

test('a route without an access level cannot be registered', async () => {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  const { registerAccessControl } = await import('./access.ts');
  registerAccessControl(app, {} as never);
  expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/must declare config.access/);
});

test('client and admin routes refuse anonymous callers with 401', async () => {
  const guarded = t.app.routeAccess.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
  expect(guarded.length).toBeGreaterThan(0);
  for (const route of guarded) {
    const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
    expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
      route: `${route.method} ${route.url}`,
      status: 401,
    });
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  }
});

test('admin routes refuse clients with 403', async () => {
  const adminRoutes = t.app.routeAccess.filter((r) => r.access === 'admin' && r.method !== 'HEAD');
  expect(adminRoutes.length).toBeGreaterThan(0);
  for (const route of adminRoutes) {
    const res = await client.request({ method: route.method as 'GET', url: concrete(route.url) });
    expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
      route: `${route.method} ${route.url}`,
      status: 403,
    });
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  }
});

test('an administrator passes the admin check', async () => {
  const admin = await signedIn('admin');
  const adminGet = t.app.routeAccess.find(
    (r) => r.access === 'admin' && r.method === 'GET' && !r.url.includes(':'),
  );
  expect(adminGet).toBeDefined();
  const res = await admin.request({ method: 'GET', url: adminGet!.url });
  expect(res.statusCode).toBe(200);
});

test('the API documentation asks for the session on exactly the routes that need one', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  }>();
  const documented = t.app.routeAccess.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
  expect(documented.length).toBeGreaterThan(10);
  for (const route of documented) {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const operation = doc.paths[path]?.[route.method.toLowerCase()];
    const name = `${route.method} ${route.url}`;
    expect({ name, documented: operation !== undefined }).toEqual({ name, documented: true });
    expect({ name, security: operation?.security }).toEqual({
      name,
      security: route.access === 'public' ? undefined : [{ session: [] }],
    });
  }
});
