import { config } from 'zod';

/**
 * zod without its compiled fast path, set before any schema is built (main.tsx imports this
 * first). zod 4 compiles an object schema's checks with `new Function` when the page allows it;
 * the server's Content-Security-Policy (`script-src 'self'`) does not, so the browser never used
 * that path, but zod still probed for it once per page: a refused `new Function`, which the browser
 * reports as a CSP violation (a `securitypolicyviolation` event) on every load. The checks
 * themselves are the same (decision 036).
 */
config({ jitless: true });
