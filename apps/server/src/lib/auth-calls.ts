import { isAPIError } from 'better-auth/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's headers for a better-auth call, with the client address it records. */
export function authHeaders(request: FastifyRequest, options: { withCookies: boolean }): Headers {
  const headers = toHeaders(request);
  if (!options.withCookies) headers.delete('cookie');
  return headers;
}

/** Copies every cookie better-auth set onto the reply, as separate headers (sign-out sets several). */
export function sendAuthCookies(reply: FastifyReply, cookies: readonly string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', [...cookies]);
}

/** better-auth's machine-readable error code, when the error is one of its API errors. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code: unknown = error.body?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when a database write broke a unique constraint (PostgreSQL error 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
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
