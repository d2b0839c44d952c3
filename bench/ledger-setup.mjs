// Set-up for bench/ledger.mjs: customers, an administrator, their sessions and pending deposits,
// written straight into the bench database (nothing here is timed). Deposits are then approved and
// withdrawals requested over HTTP, through the real routes.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

/** better-auth's session cookie (cookiePrefix 'candor', plain http: no __Secure- prefix). */
export const SESSION_COOKIE = 'candor.session_token';
/** A valid USDT (TRON) address: the deposits record the address they were paid to. */
const USDT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Opens one connection to the bench database; the caller ends it. */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * The cookie header of a session row, signed as better-auth signs it (and as
 * apps/server/src/test/factories.ts createSessionCookie does): `<token>.<HMAC-SHA256 base64>`.
 */
export function sessionCookie(token, secret) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Inserts `count` active customers (ids bench-c-1…) with a verified identity (withdrawals need one,
 * issue 12), one administrator (bench-admin) with two-factor authentication on (the back office
 * needs it, issue 11: the bench's session stands for a signed-in, second-factor-checked one), a
 * session for each and one proof-of-payment file row per customer. Returns the cookie headers.
 * @returns {Promise<{ admin: { id: string; cookie: string }; customers: { id: string; cookie: string }[] }>}
 */
export async function insertUsers(client, count, secret) {
  await client.query(
    `insert into users (id, name, email, email_verified, username, display_username, role, status,
                        identity_status, two_factor_enabled)
     select 'bench-c-' || g, 'Bench Customer ' || g, 'bench-c-' || g || '@example.test', true,
            'bench_c_' || g, 'bench_c_' || g, 'client', 'active', 'verified', false
       from generate_series(1, $1::int) g
     union all
     select 'bench-admin', 'Bench Admin', 'bench-admin@example.test', true, 'bench_admin', 'bench_admin',
            'admin', 'active', 'unverified', true`,
    [count],
  );
  const ids = ['bench-admin', ...Array.from({ length: count }, (_, i) => `bench-c-${i + 1}`)];
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  await client.query(
    `insert into sessions (id, token, user_id, expires_at)
     select gen_random_uuid()::text, t.token, t.user_id, now() + interval '7 days'
       from unnest($1::text[], $2::text[]) as t(user_id, token)`,
    [ids, tokens],
  );
  await client.query(
    `insert into files (storage_key, purpose, visibility, owner_user_id, content_type, size_bytes)
     select 'proof_of_payment/bench-' || g || '.png', 'proof_of_payment', 'private', 'bench-c-' || g,
            'image/png', 1
       from generate_series(1, $1::int) g`,
    [count],
  );
  const [admin, ...customers] = ids.map((id, i) => ({ id, cookie: sessionCookie(tokens[i], secret) }));
  return { admin, customers };
}

/**
 * Inserts `count` pending deposits of `amountCents` each (with their quotes), spread round-robin over
 * customers bench-c-1…bench-c-`customers`, starting at customer `offset + 1`.
 * @returns {Promise<string[]>} the deposit ids, in customer order
 */
export async function insertPendingDeposits(client, { count, customers, amountCents, offset = 0 }) {
  const { rows } = await client.query(
    `with q as (
       insert into deposit_quotes (user_id, amount_minor, coin, crypto_amount_base_units, rate, rate_source,
                                   address, expires_at)
       select 'bench-c-' || (1 + ($4::int + g - 1) % $2::int), $3::bigint, 'usdt', $3::bigint * 10000, 1.00,
              'fixed', $5, now() + interval '1 hour'
         from generate_series(1, $1::int) g
       returning id, user_id, amount_minor, coin, crypto_amount_base_units, rate, rate_source, address, expires_at
     )
     insert into deposits (user_id, quote_id, amount_minor, coin, crypto_amount_base_units, rate, rate_source,
                           address, quote_expires_at, proof_file_id, status)
     select q.user_id, q.id, q.amount_minor, q.coin, q.crypto_amount_base_units, q.rate, q.rate_source,
            q.address, q.expires_at, f.id, 'pending'
       from q join files f on f.owner_user_id = q.user_id
     returning id`,
    [count, customers, String(amountCents), offset, USDT_ADDRESS],
  );
  return rows.map((row) => row.id);
}

/** Counts that must agree after a run (a quick cross-check beside the reconciliation). */
export async function readLedgerCounts(client) {
  const { rows } = await client.query(
    `select (select count(*) from deposits where status = 'approved')::int as approved_deposits,
            (select count(*) from deposits where status = 'approved' and entry_id is null)::int
              as approved_without_entry,
            (select count(*) from journal_entries where kind = 'deposit')::int as deposit_entries,
            (select count(*) from withdrawals)::int as withdrawals,
            (select count(*) from withdrawals where status = 'approved')::int as approved_withdrawals,
            (select count(*) from journal_entries where kind = 'reservation')::int as reservation_entries,
            (select count(*) from plan_purchases)::int as plan_purchases,
            (select count(*) from journal_entries)::int as entries,
            (select count(*) from postings)::int as postings`,
  );
  return rows[0];
}

/** A fresh Idempotency-Key for one intended operation. */
export function newKey() {
  return randomUUID();
}
