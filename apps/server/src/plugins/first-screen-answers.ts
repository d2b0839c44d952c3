import { FIRST_SCREEN_ANSWERS_ID, firstScreenReads as reads } from '@candor/contracts/first-screen';
import { DEFAULT_CHART_INTERVAL } from '@candor/domain/market/candle';
import { DEFAULT_CHART_SYMBOL, DEFAULT_TRADE_SYMBOL } from '@candor/domain/market/instruments';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the signed-in app's frame asks on every page: the site's name and icon, the unread badge. */
const SHELL = [reads.settings, reads.unreadMessages];

/** The chart of one instrument: its last quote (until the stream speaks) and its candles. */
function chart(symbol: string): string[] {
  return [reads.quote(symbol), reads.candles(symbol, DEFAULT_CHART_INTERVAL)];
}

/** A ?symbol= worth asking about: the catalogue's symbols are a few capitals and digits. */
const SYMBOL = /^[A-Z0-9]{2,12}$/;

/**
 * The API requests the first screen of a signed-in page makes, besides the session (which every page
 * asks first), as the web app asks them (`firstScreenReads`): e2e/first-screens-delivery.spec.ts
 * loads each page and fails on any of its first screen's reads that still reaches the API. A page
 * not listed gets the session only, and asks for the rest itself.
 */
export function firstScreenRequests(pathname: string, search: URLSearchParams): readonly string[] {
  switch (pathname) {
    case '/dashboard':
      return [
        ...SHELL,
        reads.balances,
        reads.instruments,
        reads.deskTradeSummary,
        reads.ownTrades('closed', 1),
        ...chart(DEFAULT_CHART_SYMBOL),
        reads.signal(DEFAULT_CHART_SYMBOL),
      ];
    case '/trades': {
      const asked = search.get('symbol')?.toUpperCase();
      const symbol = asked && SYMBOL.test(asked) ? asked : DEFAULT_TRADE_SYMBOL;
      return [
        ...SHELL,
        reads.balances,
        reads.instruments,
        reads.tradingTerms,
        reads.deskTradeSummary,
        reads.ownTrades('open', 1),
        ...chart(symbol),
      ];
    }
    default:
      return [];
  }
}

/** Everything of the page's request that the API reads about its caller, passed to each answer. */
const PASSED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

type Answer = { url: string; body: string; setCookies: string[] };

/**
 * Asks the API in-process, as the page's own request would: the same cookie, address and agent, so
 * the same checks decide (a signed-out cookie gets the session's `{ user: null }`, a page of someone
 * else's data is refused). Only successful JSON answers are kept; the page asks for the others itself.
 */
async function ask(app: FastifyInstance, request: FastifyRequest, url: string): Promise<Answer | undefined> {
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
  if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) {
    return undefined;
  }
  const setCookie = res.headers['set-cookie'];
  const setCookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return { url, body: res.body, setCookies };
}

/**
 * The answers to a signed-in page's first requests: the session, then (when someone is signed in) the
 * rest of firstScreenRequests at once. Cookies the API set on the way (a session's renewed expiry)
 * are for the browser: the caller sends them with the page.
 */
export async function answerFirstScreen(app: FastifyInstance, request: FastifyRequest): Promise<Answer[]> {
  const session = await ask(app, request, reads.session);
  if (!session) return [];
  if ((JSON.parse(session.body) as { user: unknown }).user === null) return [session];
  const url = new URL(request.url, 'http://page');
  const rest = await Promise.all(
    firstScreenRequests(url.pathname, url.searchParams).map((path) => ask(app, request, path)),
  );
  return [session, ...rest.filter((answer): answer is Answer => answer !== undefined)];
}

/**
 * The data block the web app reads its first answers from: `{ "<url>": <answer>, … }`. Every `<` is
 * written `\u003c` (the same string to JSON), so no text of the answers (a name, a message) can end
 * the block or open markup: the block is data, never run (it is not JavaScript, so the page's
 * Content-Security-Policy, `script-src 'self'`, needs no exception).
 */
export function answersBlock(answers: readonly Answer[]): string {
  const members = answers.map(({ url, body }) => `${JSON.stringify(url)}:${body}`).join(',');
  const json = `{${members}}`.replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">${json}</script>`;
}
