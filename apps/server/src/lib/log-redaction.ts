import type { FastifyRequest } from 'fastify';

/**
 * A URL as the request log may show it: the values of `token` and `code` query parameters (an
 * e-mailed reset or verification link opened in a browser) and of `unlock` (the e-mailed sign-in
 * unlock link) become "[redacted]".
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|unlock)=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): { [key: string]: unknown; url: string } {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
