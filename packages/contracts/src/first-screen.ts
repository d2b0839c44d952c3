/**
 * The id of the data block in which the server sends a signed-in page the API's answers to its first
 * screen's requests (apps/server/src/plugins/first-screen-answers.ts; read by
 * apps/web/src/lib/first-screen-answers.ts; docs/decisions/056).
 */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers';

/**
 * How long after the page started loading its answers may stand in for a request: a first screen asks
 * within this time; a request made later (another page, a refresh) goes to the API.
 */
export const FIRST_SCREEN_ANSWERS_FRESH_MS = 10_000;

/**
 * The reads of the signed-in first screens, one spelling for both sides: the web app's queries ask
 * these paths, and the server answers the same paths inside the page (a path spelt otherwise would
 * match no answer and go to the API).
 */
export const firstScreenReads = {
  session: '/api/session',
  settings: '/api/settings',
  unreadMessages: '/api/messages/unread-count',
  balances: '/api/me/balances',
  instruments: '/api/instruments',
  tradingTerms: '/api/trading-terms',
  deskTradeSummary: '/api/desk-trades/summary',
  ownTrades: (status: 'open' | 'closed', page: number) => `/api/trades?status=${status}&page=${page}`,
  quote: (symbol: string) => `/api/quotes/${encodeURIComponent(symbol)}`,
  candles: (symbol: string, interval: string) =>
    `/api/instruments/${encodeURIComponent(symbol)}/candles?interval=${interval}`,
  signal: (symbol: string) => `/api/signals/${encodeURIComponent(symbol)}`,
} as const;
