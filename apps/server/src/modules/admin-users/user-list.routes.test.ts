import { randomBytes } from 'node:crypto';
import { ADMIN_USERS_COUNT_CAP } from '@candor/contracts/admin-user-list';
import type { IdentityStatus, UserStatus } from '@candor/contracts/auth';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { accounts, users } from '../../db/schema/auth.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { insertUser, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { plansOf, scansWhole } from '../../test/query-plans.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { countCustomers } from '../users/customer-list.repository.ts';
import { EXPORT_BATCH_SIZE } from './user-list.service.ts';

const t = useTestApp();
const support = useSignedInUser(t, { role: 'support' });
const client = useSignedInUser(t);

/** A word no other test's users start with, so each test reads only its own customers. */
function tag(): string {
  return `q${randomBytes(4).toString('hex')}`;
}

function list(query: Record<string, string | number>, as: Browser = support.browser) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return as.request({ method: 'GET', url: `/api/admin/users?${params}` });
}

async function listIds(query: Record<string, string | number>): Promise<string[]> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: string }[] }>().items.map((item) => item.id);
}

async function joinedAt(user: TestUser, iso: string): Promise<void> {
  await t.db
    .update(users)
    .set({ createdAt: new Date(iso) })
    .where(eq(users.id, user.id));
}

describe('search', () => {
  test('finds a customer by any part of the e-mail, username or full name, in any case', async () => {
    const word = tag();
    const byEmail = await insertUser(t.db, { email: `ada.${word}.mail@example.test`, name: 'Ada Lovelace' });
    const byUsername = await insertUser(t.db, { username: `the_${word}_handle`, name: 'Alan Turing' });
    const byName = await insertUser(t.db, { name: `Grace ${word.toUpperCase()}son Hopper` });
    await insertUser(t.db, { name: `${word.slice(0, -1)} Someone` });

    expect(new Set(await listIds({ search: word }))).toEqual(new Set([byEmail.id, byUsername.id, byName.id]));
    expect(await listIds({ search: `${word.toUpperCase()}.MAIL@` })).toEqual([byEmail.id]);
    expect(await listIds({ search: `E_${word}_HAN` })).toEqual([byUsername.id]);
    expect(await listIds({ search: `${word}SON h` })).toEqual([byName.id]);
    expect(await listIds({ search: `  ${word}son  ` })).toEqual([byName.id]);
    expect(await listIds({ search: `${word}zz` })).toEqual([]);
  });

  test('is answered from the trigram indexes, whatever part is searched', async () => {
    const word = tag();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: `${word}-plan-${i}`,
      name: `Person ${randomBytes(3).toString('hex')} ${i}`,
      email: `${randomBytes(5).toString('hex')}@example.test`,
      username: `u_${randomBytes(5).toString('hex')}`,
    }));
    await t.db.insert(users).values(rows);
    await t.db.execute(sql`analyze users`);
    // At a test's size reading the table whole is cheaper, so sequential scans are priced out: what
    // is checked is that the three conditions are the indexes' expressions (a million users then
    // read the indexes; bench/backoffice.mjs measures it).
    const [plan = ''] = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return plansOf(tx, (explaining) => countCustomers(explaining, { search: 'Zq7_x%' }));
    });
    expect(plan).toContain('"Relation Name":"users"');
    expect(scansWhole(plan, 'users')).toBe(false);
    for (const index of ['users_email_trgm_idx', 'users_username_trgm_idx', 'users_name_trgm_idx']) {
      expect(plan).toContain(`"Index Name":"${index}"`);
    }
  });

  test('takes % and _ literally', async () => {
    const word = tag();
    const literal = await insertUser(t.db, { name: `${word}_x Literal` });
    await insertUser(t.db, { name: `${word}ax Other` });
    expect(await listIds({ search: `${word}_` })).toEqual([literal.id]);
    expect(await listIds({ search: `${word}%` })).toEqual([]);
  });

  test('lists customers only: staff accounts never show', async () => {
    const word = tag();
    const customer = await insertUser(t.db, { name: `${word} Customer` });
    await insertUser(t.db, { name: `${word} Staff`, role: 'accountant' });
    expect(await listIds({ search: word })).toEqual([customer.id]);
    expect(await listIds({ search: support.user.email })).toEqual([]);
  });
});

describe('filters and sorts', () => {
  test('by status and by verification', async () => {
    const word = tag();
    const active = await insertUser(t.db, { name: `${word} A` });
    const suspended = await insertUser(t.db, { name: `${word} S`, status: 'suspended' });
    const closed = await insertUser(t.db, { name: `${word} C`, status: 'closed' });
    await t.db.update(users).set({ identityStatus: 'verified' }).where(eq(users.id, suspended.id));

    expect(await listIds({ search: word, status: 'active' })).toEqual([active.id]);
    expect(await listIds({ search: word, status: 'suspended' })).toEqual([suspended.id]);
    expect(await listIds({ search: word, status: 'closed' })).toEqual([closed.id]);
    expect(await listIds({ search: word, verification: 'verified' })).toEqual([suspended.id]);
    expect(new Set(await listIds({ search: word, verification: 'unverified' }))).toEqual(
      new Set([active.id, closed.id]),
    );
    expect((await list({ search: word, status: 'blocked' })).statusCode).toBe(400);
  });

  test('by date joined, newest or oldest first', async () => {
    const word = tag();
    const first = await insertUser(t.db, { name: `${word} First` });
    const second = await insertUser(t.db, { name: `${word} Second` });
    const third = await insertUser(t.db, { name: `${word} Third` });
    await joinedAt(first, '2026-01-01T10:00:00Z');
    await joinedAt(second, '2026-02-01T10:00:00Z');
    await joinedAt(third, '2026-03-01T10:00:00Z');

    expect(await listIds({ search: word })).toEqual([third.id, second.id, first.id]);
    expect(await listIds({ search: word, sort: 'newest' })).toEqual([third.id, second.id, first.id]);
    expect(await listIds({ search: word, sort: 'oldest' })).toEqual([first.id, second.id, third.id]);
  });

  test('by cash balance, high to low or low to high (a customer without any movement has $0.00)', async () => {
    const word = tag();
    const rich = await insertUser(t.db, { name: `${word} Rich` });
    const poor = await insertUser(t.db, { name: `${word} Poor` });
    const none = await insertUser(t.db, { name: `${word} None` });
    await fund(t.db, rich.id, 500_000n);
    await fund(t.db, poor.id, 1_050n);

    const res = await list({ search: word, sort: 'balance_desc' });
    expect(res.json().items.map((item: { id: string; balance: string }) => [item.id, item.balance])).toEqual([
      [rich.id, '5000.00'],
      [poor.id, '10.50'],
      [none.id, '0.00'],
    ]);
    expect(await listIds({ search: word, sort: 'balance_asc' })).toEqual([none.id, poor.id, rich.id]);
  });

  test('answers each customer as the tab shows them', async () => {
    const word = tag();
    const user = await insertUser(t.db, { name: `${word} Hopper`, username: `${word}Grace` });
    await joinedAt(user, '2026-01-15T09:30:00.000Z');
    const res = await list({ search: word });
    // The server's own time of the answer (read by bench/backoffice.mjs).
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
    expect(res.json()).toEqual({
      items: [
        {
          id: user.id,
          fullName: `${word} Hopper`,
          email: user.email,
          username: `${word}Grace`,
          balance: '0.00',
          status: 'active',
          identityStatus: 'unverified',
          createdAt: '2026-01-15T09:30:00.000Z',
        },
      ],
      page: 1,
      pageCount: 1,
      total: 1,
      totalCapped: false,
    });
  });
});

describe('paging', () => {
  test('10 a page with the total, first, middle and last pages in order', async () => {
    const word = tag();
    const made: TestUser[] = [];
    for (let i = 0; i < 25; i += 1) {
      const user = await insertUser(t.db, { name: `${word} ${String(i).padStart(2, '0')}` });
      await joinedAt(user, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
      made.push(user);
    }
    const newestFirst = made.map((user) => user.id).reverse();
    const pages = await Promise.all([1, 2, 3].map((page) => list({ search: word, page })));
    for (const [index, res] of pages.entries()) {
      expect(res.json()).toMatchObject({ page: index + 1, pageCount: 3, total: 25 });
      expect(res.json().items.map((item: { id: string }) => item.id)).toEqual(
        newestFirst.slice(index * 10, index * 10 + 10),
      );
    }
    // The last page read from the end keeps the oldest-first order too.
    expect(await listIds({ search: word, sort: 'oldest', page: 3 })).toEqual(
      made.slice(20).map((user) => user.id),
    );
    const beyond = await list({ search: word, page: 4 });
    expect(beyond.json()).toMatchObject({ items: [], page: 4, pageCount: 3, total: 25 });
  });

  test('an empty search result has one empty page', async () => {
    expect((await list({ search: tag() })).json()).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      total: 0,
      totalCapped: false,
    });
  });

  test('without a search the totals come from the kept counts, right after every change of a customer', async () => {
    async function expectTotalsMatchTheTable() {
      const filters: { status?: UserStatus; verification?: IdentityStatus }[] = [
        {},
        { status: 'suspended' },
        { verification: 'verified' },
        { status: 'active', verification: 'pending' },
      ];
      for (const filter of filters) {
        const conditions = [eq(users.role, 'client')];
        if (filter.status) conditions.push(eq(users.status, filter.status));
        if (filter.verification) conditions.push(eq(users.identityStatus, filter.verification));
        const [counted] = await t.db
          .select({ n: count() })
          .from(users)
          .where(and(...conditions));
        const res = await list({ ...filter });
        expect(res.json().total, JSON.stringify(filter)).toBe(counted?.n);
        expect(res.json().totalCapped).toBe(false);
      }
    }
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    await expectTotalsMatchTheTable();
    await t.db
      .update(users)
      .set({ status: 'suspended', identityStatus: 'verified' })
      .where(eq(users.id, a.id));
    await t.db.update(users).set({ identityStatus: 'pending' }).where(eq(users.id, b.id));
    await expectTotalsMatchTheTable();
    await t.db.update(users).set({ role: 'support' }).where(eq(users.id, a.id));
    await expectTotalsMatchTheTable();
    await t.db.update(users).set({ role: 'client' }).where(eq(users.id, a.id));
    // A customer with no movement can be removed outright (their empty ledger accounts with them).
    await t.db.delete(ledgerAccounts).where(eq(ledgerAccounts.userId, b.id));
    await t.db.delete(accounts).where(eq(accounts.userId, b.id));
    await t.db.delete(users).where(eq(users.id, b.id));
    await expectTotalsMatchTheTable();
  });

  test('a search matching more than 1,000 customers says the total is capped and still pages', async () => {
    const word = tag();
    const rows = Array.from({ length: ADMIN_USERS_COUNT_CAP + 3 }, (_, i) => ({
      id: `${word}-${i}`,
      name: `${word} Many ${i}`,
      email: `${word}-${i}@example.test`,
      username: `${word}_${i}`,
    }));
    for (let at = 0; at < rows.length; at += 2000) await t.db.insert(users).values(rows.slice(at, at + 2000));
    const res = await list({ search: word, page: 2 });
    expect(res.json()).toMatchObject({
      page: 2,
      total: ADMIN_USERS_COUNT_CAP,
      pageCount: 100,
      totalCapped: true,
    });
    expect(res.json().items).toHaveLength(10);
    expect((await list({ search: `${word}-1002@` })).json()).toMatchObject({ total: 1, totalCapped: false });
    // 114 e-mail addresses start with "<word>-1": numbers 1, 10–19, 100–199 and 1000–1002.
    expect((await list({ search: `${word}-1` })).json()).toMatchObject({ total: 114, totalCapped: false });
  });
});

describe('CSV export', () => {
  function exportCsv(query: Record<string, string>, as: Browser = support.browser) {
    return as.request({ method: 'GET', url: `/api/admin/users/export.csv?${new URLSearchParams(query)}` });
  }

  test('streams every customer of the filter, in its order, with quoting and formula cells neutralised', async () => {
    const word = tag();
    const quoted = await insertUser(t.db, { name: `${word} "Quote", Comma` });
    const formula = await insertUser(t.db, { name: `${word} Formula` });
    await t.db.update(users).set({ name: `=HYPERLINK("http://evil")` }).where(eq(users.id, formula.id));
    await joinedAt(quoted, '2026-01-01T00:00:00Z');
    await joinedAt(formula, '2026-02-01T00:00:00Z');
    await fund(t.db, quoted.id, 12_345n);
    // The formula's name no longer starts with the word: find both by their e-mail's domain-free start.
    const res = await exportCsv({ search: word, sort: 'oldest' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.split('\r\n')).toEqual([
      'Name,Email,Username,Balance,Status,Verification,Date joined,ID',
      `"${word} ""Quote"", Comma",${quoted.email},${quoted.username},123.45,Active,Not verified,2026-01-01T00:00:00.000Z,${quoted.id}`,
      '',
    ]);
    const byEmail = await exportCsv({ search: formula.email });
    expect(byEmail.body.split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""http://evil"")",${formula.email},${formula.username},0.00,Active,Not verified,2026-02-01T00:00:00.000Z,${formula.id}`,
    );

    // Each export is in the audit log: who, what, the filter and how many rows were sent.
    const exports = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.export'), eq(auditLog.actorId, support.user.id)))
      .orderBy(desc(auditLog.seq))
      .limit(2);
    expect(exports.map((row) => [row.targetType, row.after])).toEqual([
      [
        'customer_list',
        { filter: expect.objectContaining({ search: formula.email }), rows: 1, complete: true },
      ],
      [
        'customer_list',
        { filter: expect.objectContaining({ search: word, sort: 'oldest' }), rows: 1, complete: true },
      ],
    ]);
    expect(exports[0]).toMatchObject({ actorRole: 'support', createdAt: expect.any(Date) });
  });

  test('reads more than one batch without losing or repeating a customer, in every order', async () => {
    const word = tag();
    const count = EXPORT_BATCH_SIZE + 5;
    // Inserted in one statement, so many share a join time to the microsecond: the id breaks ties.
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${word}-${String(i).padStart(5, '0')}`,
      name: `${word} Bulk ${i}`,
      email: `${word}-${i}@example.test`,
      username: `${word}_${i}`,
    }));
    await t.db.insert(users).values(rows);
    for (const sort of ['newest', 'oldest', 'balance_desc', 'balance_asc']) {
      const res = await exportCsv({ search: word, sort });
      const ids = res.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',').at(-1));
      expect(ids.length, sort).toBe(count);
      expect(new Set(ids).size, sort).toBe(count);
    }
    const newest = await exportCsv({ search: word, sort: 'newest' });
    const firstIds = newest.body
      .split('\r\n')
      .slice(1, 4)
      .map((line) => line.split(',').at(-1));
    expect(firstIds).toEqual((await listIds({ search: word, sort: 'newest' })).slice(0, 3));
  });

  test('a customer cannot export', async () => {
    expect((await exportCsv({}, client.browser)).statusCode).toBe(403);
  });
});

test('a customer gets 403, a signed-out visitor 401', async () => {
  expect((await list({}, client.browser)).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
});
