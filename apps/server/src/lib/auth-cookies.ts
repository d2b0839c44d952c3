/**
 * The names of the cookies better-auth sets (plugins/auth.ts `cookiePrefix`), for the code that
 * reads them outside it: one prefix, so a change of it cannot leave a reader behind.
 */
export const AUTH_COOKIE_PREFIX = 'candor';

/** The session cookie's name (`__Secure-` prefixed over HTTPS). */
export const SESSION_COOKIE_NAME = `${AUTH_COOKIE_PREFIX}.session_token`;
