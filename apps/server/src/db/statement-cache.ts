import type pg from 'pg';

/** A statement is prepared once it has been sent this many times (as PgJDBC's prepareThreshold). */
export const PREPARE_AFTER = 5;
/** At most this many statements are prepared (on each connection, once it sends them). */
export const MAX_PREPARED = 400;
/** Counting stops being worth it past this many different texts: the counts of unprepared ones restart. */
const MAX_COUNTED = 5000;

type Seen = { count: number; name?: string };

/**
 * node-postgres sends every statement unnamed, so PostgreSQL parses and plans it again each time.
 * This Client class (a subclass of node-postgres' own, passed in: pg loads only for PostgreSQL) names a statement once the server has sent its text PREPARE_AFTER times:
 * node-postgres then prepares it on each connection the first time that connection sends it, and
 * afterwards only binds and executes it (PostgreSQL keeps its plan, or re-plans it with the
 * parameters when a generic plan would cost more). Only statements sent with parameters are named
 * (`sentWithParameters`). Statements are told apart by their text alone,
 * which is what the server's code builds; values are always parameters. At most MAX_PREPARED
 * texts are named, so a connection holds a bounded number of prepared statements
 * (docs/decisions/039).
 */
export function createStatementCachingClient(Base: typeof pg.Client): typeof pg.Client {
  const seen = new Map<string, Seen>();
  let named = 0;

  const nameOf = (text: string): string | undefined => {
    let entry = seen.get(text);
    if (!entry) {
      if (seen.size >= MAX_COUNTED) {
        for (const [key, value] of seen) if (value.name === undefined) seen.delete(key);
      }
      entry = { count: 0 };
      seen.set(text, entry);
    }
    if (entry.name !== undefined) return entry.name;
    entry.count += 1;
    if (entry.count < PREPARE_AFTER || named >= MAX_PREPARED) return undefined;
    named += 1;
    entry.name = `candor_${named}`;
    return entry.name;
  };

  class StatementCachingClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() has many overloads; this passes every one through
    override query(config: any, values?: any, callback?: any): any {
      if (
        config &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        !config.name &&
        sentWithParameters(config, values)
      ) {
        const name = nameOf(config.text);
        if (name) return super.query({ ...config, name }, values, callback);
      }
      return super.query(config, values, callback);
    }
  }
  return StatementCachingClient;
}

/**
 * Naming a statement must not change what its text does. node-postgres sends a text without
 * parameters through the simple query protocol, which runs several commands in one text (pg-boss's
 * maintenance sends `BEGIN; …; COMMIT;` so); a named statement goes through the extended protocol,
 * which refuses them ("cannot insert multiple commands into a prepared statement"). So only a text
 * sent with parameters, already on the extended protocol, is ever named.
 */
function sentWithParameters(config: { values?: unknown }, values: unknown): boolean {
  const given = Array.isArray(values) ? values : config.values;
  return Array.isArray(given) && given.length > 0;
}
