import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The Content-Security-Policy of every answer (a route may set a stricter one: stored files). */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's security headers on every answer. Helmet's middleware is made once here and run on each
 * request; @fastify/helmet, used before, made it again for every request (parsing the policy's
 * directives each time: 3 % of the server's CPU on the money path, docs/decisions/041).
 * HSTS only behind TLS: pages are served over plain HTTP on localhost by default.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { directives: DIRECTIVES },
    strictTransportSecurity: options.https,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws what it cannot set (since 8.1) and calls back without an error otherwise.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
