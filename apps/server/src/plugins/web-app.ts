import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { SESSION_COOKIE_NAME } from '../lib/auth-cookies.ts';
import { answerFirstScreen, answersBlock } from './first-screen-answers.ts';

/** Vite names these by their content hash, so they never change: cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * index.html with the signed-in first screens' chunk preloaded (apps/web/build/first-screens-chunk.ts),
 * for a browser that holds a session: it fetches that chunk beside the entry script, not after it,
 * and finds the API's answers to its first screen's requests in the page (first-screen-answers.ts).
 */
const SIGNED_IN_PAGE = 'signed-in.html';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The signed-in page with the answers to its first requests, compressed as the browser accepts (the
 * page is made per request: brotli at quality 5, a millisecond for a page with a chart's candles).
 * It holds the person's own data: never stored by a cache (`no-store`).
 */
async function sendSignedInPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
): Promise<FastifyReply> {
  // The answers only spare the page requests: should asking them fail, the page asks them itself.
  const answers = await answerFirstScreen(app, request).catch((error: unknown) => {
    request.log.warn({ err: error }, 'the first screen could not be answered in the page');
    return [];
  });
  for (const answer of answers) for (const cookie of answer.setCookies) reply.header('set-cookie', cookie);
  const block = answersBlock(answers);
  const bodyEnd = page.lastIndexOf('</body>');
  const html = bodyEnd < 0 ? page + block : `${page.slice(0, bodyEnd)}${block}${page.slice(bodyEnd)}`;
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'cookie, accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === 'br') {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
    return reply.header('content-encoding', 'br').send(await brotli(html, { params }));
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzip(html));
  return reply.send(html);
}

/**
 * Whether a request carries a session cookie (SESSION_COOKIE_NAME, `__Secure-` prefixed over
 * HTTPS). Only its presence decides which page is sent; the session itself is checked by the API
 * when the page's first answers are asked (a stale cookie gets the session's `{ user: null }`).
 */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE_PRESENT.test(cookieHeader ?? '');
}

const SESSION_COOKIE_PRESENT = new RegExp(
  `(?:^|;)\\s*(?:__Secure-)?${SESSION_COOKIE_NAME.replaceAll('.', '\\.')}=[^;\\s]`,
);

/** The built web app: WEB_DIST, else apps/web/dist seen from the bundle (dist/) or from the sources. */
function findWebDist(env: Env): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    env.WEB_DIST,
    path.resolve(here, '../../web/dist'),
    path.resolve(here, '../../../web/dist'),
    path.resolve(here, '../../../apps/web/dist'),
  ];
  return candidates.find((dir): dir is string => !!dir && fs.existsSync(path.join(dir, 'index.html')));
}

/** The build's .br and .gz copies beside each text file (apps/web/build/precompress.ts). */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * The URL paths of the built files (`/index.html`, `/assets/main-1a2b.js`, …): dot files and the
 * compressed copies left out (those are chosen by Accept-Encoding, never asked for by name).
 */
function listBuiltFiles(root: string): Set<string> {
  const files = new Set<string>();
  const visit = (dir: string, urlPath: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || COMPRESSED_COPY.test(entry.name)) continue;
      if (entry.isDirectory()) visit(path.join(dir, entry.name), `${urlPath}${entry.name}/`);
      else if (entry.isFile()) files.add(`${urlPath}${entry.name}`);
    }
  };
  visit(root, '/');
  return files;
}

/**
 * Serves the built web app, with every non-API page path falling back to index.html
 * (docs/decisions/033). The build writes a .br and a .gz file beside each text file; the one the
 * browser's Accept-Encoding allows is sent (brotli, else gzip, else the plain file), with
 * `Vary: Accept-Encoding`, so nothing is compressed per request.
 *
 * The ~250 built files are routed by the folder at the web app's top (`/assets/*`) and by name at
 * the top, a handful of routes instead of one per file (that cost start-up time, decision 038).
 * No route is a `/*`: an API path the router refuses (a parameter too long, 414) must not be
 * caught by the web app. A request names a built file or goes to the not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, env: Env): Promise<void> {
  const root = findWebDist(env);
  const signedInPath = root && path.join(root, SIGNED_IN_PAGE);
  const signedInPage =
    signedInPath && fs.existsSync(signedInPath) ? fs.readFileSync(signedInPath, 'utf8') : undefined;
  app.setNotFoundHandler((request, reply) => {
    // Only page paths fall back to the app; a missing asset (say, from an older build) is a 404.
    const pathname = request.url.split('?')[0] ?? '';
    const isAsset = /\.[a-z0-9]+$/i.test(pathname);
    if (request.url.startsWith('/api') || !root || request.method !== 'GET' || isAsset) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    }
    if (signedInPage !== undefined && carriesSessionCookie(request.headers.cookie)) {
      return sendSignedInPage(app, request, reply, signedInPage);
    }
    // The page differs by the session cookie, so a shared cache must keep both.
    reply.header('vary', 'cookie');
    return reply.sendFile('index.html', root);
  });
  if (!root) {
    app.log.warn('The web app is not built (apps/web/dist): only the API is served. Run `npm run build`.');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // Routes are set below; this gives `reply.sendFile` with the options here.
    serve: false,
    index: false,
    preCompressed: true,
    // After the library's own headers: hashed assets are immutable, index.html is checked each time.
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  const files = listBuiltFiles(root);
  const serveBuiltFile = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    return files.has(pathname) ? reply.sendFile(pathname) : reply.callNotFound();
  };
  const top = new Set([...files].map((file) => file.replace(/^(\/[^/]+\/).*$/, '$1*')));
  for (const url of top) {
    // Files, not API: left out of the OpenAPI document (/api/docs).
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: serveBuiltFile });
  }
}
