import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** Who may call a route. Every /api route declares one; a route without it cannot be registered. */
export type Access = 'public' | 'client' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'client', 'admin'];

export type Role = 'client' | 'admin';

/** The person behind a request, passed to every service call so actions can be recorded. */
export type Actor = { userId: string; role: Role; email: string; status: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function registerAccessControl(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access (public, client or admin)`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    request.actor = await resolveActor(auth, request);
    const access = request.routeOptions.config.access ?? 'public';
    if (access === 'public') return;
    if (!request.actor) throw new AppError('UNAUTHENTICATED', 'User is not authenticated');
    if (access === 'admin' && request.actor.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
    }
  });
}

async function resolveActor(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  if (!request.headers.cookie) return null;
  const session = await auth.api.getSession({ headers: toHeaders(request) });
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
