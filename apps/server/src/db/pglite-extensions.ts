import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create, as every embedded database must load them
 * (PGlite builds them in only when asked): pg_trgm, for the Users tab's search (migration 0019).
 * The embedded database's thread (pglite-thread-worker.mjs, plain JavaScript) loads the same list.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
