import { randomBytes } from 'node:crypto';
import { USER_ROLES, type UserRole } from '@candor/contracts/auth';
import { hasPermission, PERMISSION_NAMES, type Permission } from '@candor/contracts/staff';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { signedInBrowser, signUpUser } from '../test/auth-helpers.ts';
import { insertTwoFactor } from '../test/factories.ts';
import { type Browser, useTestApp } from '../test/test-app.ts';
import type { Access } from './access.ts';

/**
 * Walks every /api route the app registered: a client route refuses anonymous callers (401), and
 * a staff route admits exactly the roles its permission lists (contracts/staff.ts) and refuses
 * every other role, customers included, with 403. A new route without a working check fails here.
 */
const t = useTestApp();
const browsers = new Map<UserRole, Browser>();
beforeAll(async () => {
  for (const role of USER_ROLES) browsers.set(role, await signedIn(role));
});

/** A user of the role, signed in; staff have two-factor on (staff routes refuse staff without it). */
async function signedIn(
  role: UserRole,
  options: { twoFactor: boolean } = { twoFactor: true },
): Promise<Browser> {
  const user = await signUpUser(t.app);
  if (role === 'client') return signedInBrowser(t.app, user);
  await t.db.update(users).set({ role }).where(eq(users.id, user.id));
  const twoFactorSecret = options.twoFactor ? randomBytes(20).toString('base64url') : null;
  if (twoFactorSecret) await insertTwoFactor(t.db, user.id, twoFactorSecret);
  return signedInBrowser(t.app, { ...user, twoFactorSecret });
}

function browserOf(role: UserRole): Browser {
  const browser = browsers.get(role);
  if (!browser) throw new Error(`no browser for ${role}`);
  return browser;
}

function isStaffRoute(access: Access): access is Permission {
  return access !== 'public' && access !== 'client';
}

function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

test('every API route declares who may call it', () => {
  expect(t.app.routeAccess.length).toBeGreaterThan(10);
  for (const route of t.app.routeAccess) {
    expect(['public', 'client', ...PERMISSION_NAMES]).toContain(route.access);
  }
});

test('a route without an access level cannot be registered', async () => {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  const { registerAccessControl } = await import('./access.ts');
  registerAccessControl(app, {} as never);
  expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/must declare config.access/);
});

test('signed-in routes refuse anonymous callers with 401', async () => {
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

test('every staff route × every role: the permission table decides, and refusals are 403', async () => {
  const staffRoutes = t.app.routeAccess.filter((r) => isStaffRoute(r.access) && r.method !== 'HEAD');
  expect(staffRoutes.length).toBeGreaterThan(20);
  for (const route of staffRoutes) {
    const permission = route.access as Permission;
    for (const role of USER_ROLES) {
      const res = await browserOf(role).request({ method: route.method as 'GET', url: concrete(route.url) });
      const name = `${role} ${route.method} ${route.url}`;
      const allowed = hasPermission(role, permission);
      // An admitted role gets past the check (the made-up id then answers 404, a bad body 400…).
      const code = res.statusCode === 403 ? res.json().code : undefined;
      const refused = code === 'FORBIDDEN';
      expect({ name, code }).not.toEqual({ name, code: 'TWO_FACTOR_REQUIRED' });
      expect({ name, refused }).toEqual({ name, refused: !allowed });
    }
  }
  // Every permission of the table guards at least one route: none is dead text.
  expect(new Set(staffRoutes.map((route) => route.access))).toEqual(new Set(PERMISSION_NAMES));
});

test('staff without two-factor are refused every staff route with 403 TWO_FACTOR_REQUIRED, yet reach their own', async () => {
  const owner = await signedIn('owner', { twoFactor: false });
  const staffRoutes = t.app.routeAccess.filter((r) => isStaffRoute(r.access) && r.method !== 'HEAD');
  for (const route of staffRoutes) {
    const res = await owner.request({ method: route.method as 'GET', url: concrete(route.url) });
    const name = `${route.method} ${route.url}`;
    expect({ name, status: res.statusCode, code: res.json().code }).toEqual({
      name,
      status: 403,
      code: 'TWO_FACTOR_REQUIRED',
    });
  }
  // The routes every signed-in person uses (their own account, where two-factor is set up) stay open.
  const me = await owner.request({ method: 'GET', url: '/api/me' });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ role: 'owner', twoFactorEnabled: false });
});

test('the table: the owner holds everything, admin everything but staff, customers nothing', () => {
  for (const permission of PERMISSION_NAMES) {
    expect(hasPermission('owner', permission)).toBe(true);
    expect(hasPermission('admin', permission)).toBe(permission !== 'staff.manage');
    expect(hasPermission('client', permission)).toBe(false);
  }
  // Support reads (customers, mail, loan applications) and changes nothing that moves money or status.
  const support = PERMISSION_NAMES.filter((p) => hasPermission('support', p));
  expect(support.sort()).toEqual(['customers.read', 'loans.read', 'outbox.read']);
});

test('an owner passes the check of a staff route', async () => {
  const staffGet = t.app.routeAccess.find(
    (r) => isStaffRoute(r.access) && r.method === 'GET' && !r.url.includes(':'),
  );
  expect(staffGet).toBeDefined();
  const res = await browserOf('owner').request({ method: 'GET', url: staffGet!.url });
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
