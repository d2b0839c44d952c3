import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** Who may call a route. Every /api route declares one; a route without it cannot be registered. */
export type Access = 'public' | 'client' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'client', 'admin'];

export type Role = 'client' | 'admin';

/** The person behind a request, passed to every service call so actions can be recorded. */
export type Actor = { userId: string; role: Role; email: string; status: string };

/** One registered API route and who may call it. */
export type RouteAccess = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access level, in registration order (for audits and tests). */
    routeAccess: RouteAccess[];
  }
}

/** Reads the actor in one query when better-auth need not be asked (see session-reader.ts). */
export type FastActorReader = (cookieHeader: string) => Promise<Actor | undefined>;

export function registerAccessControl(
  app: FastifyInstance,
  auth: Auth,
  readActorFast?: FastActorReader,
): void {
  app.decorateRequest('actor', null);
  app.decorate('routeAccess', [] as RouteAccess[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI reference pages (registered by @fastify/swagger-ui) are public documentation.
    const access = route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access (public, client or admin)`,
      );
    }
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    request.actor = await resolveActor(auth, request, reply, readActorFast);
    const access = request.routeOptions.config.access ?? 'public';
    if (access === 'public') return;
    if (!request.actor) throw new AppError('UNAUTHENTICATED', 'User is not authenticated');
    if (access === 'admin' && request.actor.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
    }
  });
}

async function resolveActor(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  readActorFast: FastActorReader | undefined,
): Promise<Actor | null> {
  if (!request.headers.cookie) return null;
  const fast = await readActorFast?.(request.headers.cookie);
  if (fast) return fast;
  const { headers, response: session } = await auth.api.getSession({
    headers: toHeaders(request),
    returnHeaders: true,
  });
  // better-auth extends a session once a day and sends the cookie with its new expiry.
  const refreshed = headers.getSetCookie();
  if (refreshed.length > 0) reply.header('set-cookie', refreshed);
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string; status?: string };
  return {
    userId: user.id,
    role: user.role === 'admin' ? 'admin' : 'client',
    email: user.email,
    status: user.status ?? 'active',
  };
}

/** The request's headers as Fetch headers, with the client address better-auth records. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}
