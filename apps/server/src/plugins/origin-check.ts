import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Methods that change nothing: a page of another site may send them (links, images). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins of the site itself: PUBLIC_URL's, and its localhost / 127.0.0.1 twin (a browser
 * treats them as different origins). better-auth trusts the same list (plugins/auth.ts).
 */
export function siteOrigins(publicUrl: string): string[] {
  const origin = new URL(publicUrl);
  const twin =
    origin.hostname === 'localhost' ? '127.0.0.1' : origin.hostname === '127.0.0.1' ? 'localhost' : undefined;
  const origins = [origin.origin];
  if (twin) origins.push(`${origin.protocol}//${twin}${origin.port ? `:${origin.port}` : ''}`);
  return origins;
}

/**
 * Refuses a request that may change something (any /api method but GET, HEAD and OPTIONS) when a
 * browser says another site sent it: an `Origin` header that is not the site's own, or, without
 * `Origin`, `Sec-Fetch-Site: cross-site`. The session cookie's SameSite=Lax is the first guard
 * against cross-site requests; this is the second, and it also covers sign-in (login CSRF).
 * Clients that are not browsers send neither header and are not affected.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new Set(siteOrigins(publicUrl));
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api') || SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite =
      origin !== undefined ? !allowed.has(origin) : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) {
      throw new AppError('FORBIDDEN_ORIGIN', 'This request was sent from another site and was refused.');
    }
  });
}
