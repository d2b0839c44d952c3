import { USER_ROLES, type UserRole, type UserStatus } from '@candor/contracts/auth';
import { hasPermission, PERMISSION_NAMES, type Permission } from '@candor/contracts/staff';
import { TWO_FACTOR_MESSAGES } from '@candor/contracts/two-factor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor.ts';
import { AppError } from '../lib/app-error.ts';
import { toHeaders } from '../lib/auth-calls.ts';
import type { Auth } from './auth.ts';
import type { SessionInUse } from './last-active.ts';

/**
 * Who may call a route. Every /api route declares one; a route without it cannot be registered.
 * 'client' is any signed-in person; a permission (contracts/staff.ts) admits the staff roles that
 * hold it and refuses everyone else with 403.
 */
export type Access = 'public' | 'client' | Permission;
export const ACCESS_LEVELS: readonly Access[] = ['public', 'client', ...PERMISSION_NAMES];

/** One registered API route and who may call it. */
export type RouteAccess = { method: string; url: string; access: Access };

/**
 * The person behind a request: who acts, whether their account is active, and whether their
 * two-factor sign-in is on (staff need it for every staff route); and the session they came with
 * (its last-active time is kept, last-active.ts).
 */
export type SignedIn = {
  actor: Actor;
  status: UserStatus;
  twoFactorEnabled: boolean;
  session: SessionInUse;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    actor: Actor | null;
    /** Their account's status (a suspended customer may read but not move money). */
    accountStatus: UserStatus | null;
    /** Whether their two-factor sign-in is on, as the session lookup read it (false when anonymous). */
    twoFactorEnabled: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its access level, in registration order (for audits and tests). */
    routeAccess: RouteAccess[];
  }
}

/** Reads who is signed in, in one query, when better-auth need not be asked (see session-reader.ts). */
export type FastSessionReader = (cookieHeader: string) => Promise<SignedIn | undefined>;

/** The OpenAPI security requirement of a signed-in route: the session cookie. */
const SESSION_SECURITY = [{ session: [] }];

export function registerAccessControl(
  app: FastifyInstance,
  auth: Auth,
  {
    readSessionFast,
    recordLastActive,
  }: {
    readSessionFast?: FastSessionReader;
    /** Told the session of every signed-in request; must neither throw nor make the request wait. */
    recordLastActive?: (session: SessionInUse) => void;
  } = {},
): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('accountStatus', null);
  app.decorateRequest('twoFactorEnabled', false);
  app.decorate('routeAccess', [] as RouteAccess[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI reference pages (registered by @fastify/swagger-ui) are public documentation.
    const access = route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access (public, client or a staff permission)`,
      );
    }
    // The documentation says which routes need a session, from the same declaration the hook enforces.
    if (access !== 'public' && route.schema) route.schema = { ...route.schema, security: SESSION_SECURITY };
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    const found = await resolveSession(auth, request, reply, readSessionFast);
    // A closed account is signed out everywhere; a session that outlived the close counts for nothing.
    const signedIn = found?.status === 'closed' ? undefined : found;
    if (signedIn) recordLastActive?.(signedIn.session);
    request.actor = signedIn?.actor ?? null;
    request.accountStatus = signedIn?.status ?? null;
    request.twoFactorEnabled = signedIn?.twoFactorEnabled ?? false;
    const access = request.routeOptions.config.access ?? 'public';
    if (access === 'public') return;
    if (!request.actor) throw new AppError('UNAUTHENTICATED', 'User is not authenticated');
    if (access === 'client') return;
    if (!hasPermission(request.actor.role, access)) {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
    }
    // A stolen staff password alone must not open the back office (issue 11).
    if (!signedIn?.twoFactorEnabled) throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_MESSAGES.required);
  });
}

async function resolveSession(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  readSessionFast: FastSessionReader | undefined,
): Promise<SignedIn | undefined> {
  if (!request.headers.cookie) return undefined;
  const fast = await readSessionFast?.(request.headers.cookie);
  if (fast) return fast;
  const { headers, response: session } = await auth.api.getSession({
    headers: toHeaders(request),
    returnHeaders: true,
  });
  // better-auth extends a session once a day and sends the cookie with its new expiry.
  const refreshed = headers.getSetCookie();
  if (refreshed.length > 0) reply.header('set-cookie', refreshed);
  if (!session) return undefined;
  const { token, updatedAt } = session.session;
  const user = session.user as typeof session.user & {
    role?: string;
    status?: UserStatus;
    twoFactorEnabled?: boolean | null;
  };
  return {
    actor: { id: user.id, role: toUserRole(user.role) },
    status: user.status ?? 'active',
    twoFactorEnabled: user.twoFactorEnabled === true,
    session: { token, lastActiveAt: new Date(updatedAt) },
  };
}

/** A stored role as the type knows it; anything unknown counts as a customer (no permissions). */
function toUserRole(role: string | undefined): UserRole {
  return (USER_ROLES as readonly string[]).includes(role ?? '') ? (role as UserRole) : 'client';
}
