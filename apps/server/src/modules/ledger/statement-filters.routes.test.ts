import { randomUUID } from 'node:crypto';
import { type StatementPage, StatementPageSchema } from '@candor/contracts/ledger';
import {
  adjustmentEntry,
  depositEntry,
  type EntryDraft,
  planPurchaseEntry,
  profitShareEntry,
  reservationEntry,
  withdrawalEntries,
} from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { selectRows } from '../../db/select-rows.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import { insertSignedInUser } from '../../test/factories.ts';
import { postOrReject } from '../../test/money.ts';
import { plansOf, scansWhole } from '../../test/query-plans.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { selectStatementPage } from './ledger.repository.ts';
import { readStatement as readStatementPage, type StatementReader } from './ledger.service.ts';

const t = useTestApp();

/**
 * Posts entries stamped at `at`. The ledger stamps entries with the database's time (now()): the
 * test moves them to `at`, lifting the append-only trigger for that one statement, in a transaction.
 */
async function postAt(at: string, drafts: EntryDraft[]): Promise<void> {
  const posted = await postOrReject(t.db, drafts, COMMAND_LINE_ACTOR);
  const ids = posted.map((entry) => entry.id.toString());
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table journal_entries disable trigger user`);
    await tx.execute(
      sql`update journal_entries set created_at = ${at}::timestamptz
           where id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint))`,
    );
    await tx.execute(sql`alter table journal_entries enable trigger user`);
  });
}

function deposit(userId: string, cents: bigint): EntryDraft {
  return depositEntry({ userId, amount: cents, depositId: randomUUID(), methodLabel: 'Bitcoin(BTC)' });
}

/**
 * A customer whose statement has, oldest first: a deposit (1 March, noon UTC), a withdrawal of $40
 * reserved and paid out with its fee (3 March, 23:30 UTC), an adjustment (4 March, 00:30 UTC) and a
 * plan purchase (5 March). Another customer has entries of every one of those kinds on the same days.
 */
async function insertCustomerWithHistory(): Promise<{ id: string; browser: Browser }> {
  const { user, browser } = await insertSignedInUser(t, { identityStatus: 'verified' });
  const other = await insertSignedInUser(t);
  for (const userId of [user.id, other.user.id]) {
    const withdrawalId = randomUUID();
    await postAt('2026-03-01T12:00:00Z', [deposit(userId, 100_000n)]);
    await postAt('2026-03-03T23:30:00Z', [
      reservationEntry({ userId, amount: 4_000n, withdrawalId, methodLabel: 'Bank' }),
      ...withdrawalEntries({
        userId,
        net: 3_900n,
        fee: 100n,
        feePercent: '2.50',
        withdrawalId,
        methodLabel: 'Bank',
      }),
    ]);
    await postAt('2026-03-04T00:30:00Z', [
      adjustmentEntry({ userId, direction: 'credit', amount: 500n, reason: `Goodwill for ${userId}` }),
    ]);
    await postAt('2026-03-05T10:00:00Z', [
      planPurchaseEntry({ userId, price: 2_000n, purchaseId: randomUUID(), planName: 'Gold' }),
    ]);
  }
  return { id: user.id, browser };
}

async function readStatement(browser: Browser, query: string): Promise<StatementPage> {
  const response = await browser.request({ method: 'GET', url: `/api/me/statement?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return StatementPageSchema.parse(response.json());
}

/** The customer's statement as `reader` reads it (staff: on the admin user page). */
function readStatementAs(userId: string, reader: StatementReader): Promise<StatementPage> {
  return readStatementPage(t.db, userId, 1, { reader });
}

const kindsOf = (page: StatementPage) => page.items.map((entry) => entry.kind);

describe('GET /api/me/statement filters', () => {
  test('kind narrows the statement to a group of entries, and the balance after each is still the account’s', async () => {
    const { browser } = await insertCustomerWithHistory();
    const everything = await readStatement(browser, 'page=1');
    expect(kindsOf(everything)).toEqual([
      'plan_purchase',
      'adjustment',
      'withdrawal_fee',
      'withdrawal',
      'reservation',
      'deposit',
    ]);

    const withdrawals = await readStatement(browser, 'page=1&kind=withdrawals');
    expect(kindsOf(withdrawals)).toEqual(['withdrawal_fee', 'withdrawal', 'reservation']);
    expect(withdrawals.total).toBe(3);
    expect(withdrawals.pageCount).toBe(1);
    // Each line is the same as unfiltered: its balances after count the entries the filter hides.
    expect(withdrawals.items).toEqual(everything.items.slice(2, 5));

    expect(kindsOf(await readStatement(browser, 'kind=deposits'))).toEqual(['deposit']);
    expect(kindsOf(await readStatement(browser, 'kind=adjustments'))).toEqual(['adjustment']);
    expect(kindsOf(await readStatement(browser, 'kind=plans'))).toEqual(['plan_purchase']);
    const none = await readStatement(browser, 'kind=loans');
    expect(none).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  test('from and to take whole days, both inclusive, in UTC unless tz names the reader’s time zone', async () => {
    const { browser } = await insertCustomerWithHistory();
    expect(kindsOf(await readStatement(browser, 'from=2026-03-04'))).toEqual(['plan_purchase', 'adjustment']);
    expect(kindsOf(await readStatement(browser, 'to=2026-03-03'))).toEqual([
      'withdrawal_fee',
      'withdrawal',
      'reservation',
      'deposit',
    ]);
    expect(kindsOf(await readStatement(browser, 'from=2026-03-04&to=2026-03-04'))).toEqual(['adjustment']);
    expect(kindsOf(await readStatement(browser, 'from=2026-03-02&to=2026-03-02'))).toEqual([]);

    // In New York (UTC−5) the payout (23:30 UTC) and the adjustment (00:30 UTC) were both on 3 March.
    const newYork = await readStatement(browser, 'from=2026-03-03&to=2026-03-03&tz=America/New_York');
    expect(kindsOf(newYork)).toEqual(['adjustment', 'withdrawal_fee', 'withdrawal', 'reservation']);
    // In Berlin (UTC+1) both were on 4 March.
    const berlin = await readStatement(browser, 'from=2026-03-04&to=2026-03-04&tz=Europe/Berlin');
    expect(kindsOf(berlin)).toEqual(['adjustment', 'withdrawal_fee', 'withdrawal', 'reservation']);

    // Kind and dates together, and paged.
    const both = await readStatement(browser, 'kind=withdrawals&from=2026-03-03&to=2026-03-31');
    expect(kindsOf(both)).toEqual(['withdrawal_fee', 'withdrawal', 'reservation']);
  });

  test('a filtered statement pages its own entries: total and page count are those the filter selects', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const drafts = Array.from({ length: 23 }, () => deposit(user.id, 1_000n));
    await postAt('2026-04-10T09:00:00Z', drafts);
    await postAt('2026-04-11T09:00:00Z', [
      adjustmentEntry({ userId: user.id, direction: 'credit', amount: 100n, reason: 'Goodwill' }),
    ]);
    const first = await readStatement(browser, 'page=1&kind=deposits');
    expect([first.total, first.pageCount, first.items.length]).toEqual([23, 2, 20]);
    const second = await readStatement(browser, 'page=2&kind=deposits');
    expect([second.total, second.pageCount, second.items.length]).toEqual([23, 2, 3]);
    expect(new Set(kindsOf(second))).toEqual(new Set(['deposit']));
    expect((await readStatement(browser, 'page=2&from=2026-04-11')).items).toEqual([]);
  });

  test('a customer never sees another customer’s entries, whatever the filter', async () => {
    const alice = await insertCustomerWithHistory();
    // The other customer has entries of the same kinds on the same days; their adjustment names them.
    for (const query of ['kind=adjustments', 'from=2026-03-04&to=2026-03-04', 'from=2026-03-01&tz=UTC']) {
      const page = await readStatement(alice.browser, query);
      const adjustments = page.items.filter((entry) => entry.kind === 'adjustment');
      expect(
        adjustments.map((entry) => entry.description),
        query,
      ).toEqual([`Goodwill for ${alice.id}`]);
    }
    for (const kind of ['deposits', 'withdrawals', 'plans']) {
      expect((await readStatement(alice.browser, `kind=${kind}&from=2026-03-01`)).total, kind).toBe(
        kind === 'withdrawals' ? 3 : 1,
      );
    }

    // A profit share is one entry between two customers: the follower and the provider each see it,
    // through their own posting; a third customer does not.
    const follower = await insertSignedInUser(t);
    const provider = await insertSignedInUser(t);
    await postAt('2026-03-06T08:00:00Z', [deposit(follower.user.id, 10_000n)]);
    await postAt('2026-03-06T09:00:00Z', [
      profitShareEntry({
        followerId: follower.user.id,
        providerId: provider.user.id,
        amount: 300n,
        tradeId: randomUUID(),
        providerName: 'Aurora FX',
        profitShareBps: 2_000,
        riseCents: 1_500n,
      }),
    ]);
    const paid = await readStatement(follower.browser, 'kind=profit_shares&from=2026-03-06&to=2026-03-06');
    expect(paid.items.map((entry) => [entry.kind, entry.availableChange])).toEqual([
      ['profit_share', '-3.00'],
    ]);
    const received = await readStatement(provider.browser, 'kind=profit_shares&from=2026-03-06');
    expect(received.items.map((entry) => [entry.kind, entry.availableChange])).toEqual([
      ['profit_share', '3.00'],
    ]);
    expect((await readStatement(alice.browser, 'kind=profit_shares')).total).toBe(0);
  });

  test('a profit share reads as paid on copies of the provider to the follower, and as received from a follower to the provider, with the rate and the rise', async () => {
    const follower = await insertSignedInUser(t);
    const provider = await insertSignedInUser(t);
    await postAt('2026-03-06T08:00:00Z', [deposit(follower.user.id, 10_000n)]);
    await postAt('2026-03-06T09:00:00Z', [
      profitShareEntry({
        followerId: follower.user.id,
        providerId: provider.user.id,
        amount: 35n,
        tradeId: randomUUID(),
        providerName: 'Aurora FX',
        profitShareBps: 2_000,
        riseCents: 177n,
      }),
    ]);
    const paid = await readStatement(follower.browser, 'kind=profit_shares');
    expect(paid.items.map((entry) => entry.description)).toEqual([
      'Profit share: 20% of $1.77 above your previous best on copies of Aurora FX',
    ]);
    const expected = "Profit share received: 20% of a follower's $1.77 rise on a copy of your trade";
    const received = await readStatement(provider.browser, 'kind=profit_shares');
    expect(received.items.map((entry) => entry.description)).toEqual([expected]);
    // Staff reading the provider's account (the admin user page) read the provider's side too.
    const staff = await readStatementAs(provider.user.id, 'staff');
    expect(staff.items.map((entry) => entry.description)).toEqual([expected]);
  });

  test('a profit share stored before its entry kept the figures keeps its description for the follower; the provider reads it as received, without figures', async () => {
    const follower = await insertSignedInUser(t);
    const provider = await insertSignedInUser(t);
    await postAt('2026-03-06T08:00:00Z', [deposit(follower.user.id, 10_000n)]);
    const tradeId = randomUUID();
    // As settlements stored it until the figures were kept: the follower's line, no figures.
    const legacy: EntryDraft = {
      ...profitShareEntry({
        followerId: follower.user.id,
        providerId: provider.user.id,
        amount: 35n,
        tradeId,
        providerName: 'Aurora FX',
        profitShareBps: 2_000,
        riseCents: 177n,
      }),
      description: 'Profit share on a trade copied from Aurora FX',
      reference: { trade: tradeId, follower: follower.user.id, provider: provider.user.id },
    };
    await postAt('2026-03-06T09:00:00Z', [legacy]);
    const paid = await readStatement(follower.browser, 'kind=profit_shares');
    expect(paid.items.map((entry) => entry.description)).toEqual([
      'Profit share on a trade copied from Aurora FX',
    ]);
    const received = await readStatement(provider.browser, 'kind=profit_shares');
    expect(received.items.map((entry) => entry.description)).toEqual([
      "Profit share received on a follower's copy of your trade",
    ]);
    const [stored] = await selectRows<{ description: string }>(
      t.db,
      sql`select description from journal_entries where kind = 'profit_share' and reference->>'trade' = ${tradeId}`,
    );
    expect(stored?.description).toBe('Profit share on a trade copied from Aurora FX');
  });

  test.each([
    [
      'kind=deposit',
      'kind: A kind is one of: deposits, withdrawals, adjustments, trades, plans, loans, profit_shares.',
    ],
    ['from=2026-02-30', 'from: A date is written YYYY-MM-DD, for example 2026-03-04.'],
    ['to=yesterday', 'to: A date is written YYYY-MM-DD, for example 2026-03-04.'],
    ['from=2026-03-10&to=2026-03-01', 'The To date is before the From date.'],
    ['from=2026-03-01&tz=%2B02:00', 'tz: A time zone is a name such as Europe/Berlin or UTC.'],
    ['from=2026-03-01&tz=Mars/Olympus_Mons', 'tz: This time zone is not known.'],
  ])('?%s is refused with 400: "%s"', async (query, message) => {
    const { browser } = await insertSignedInUser(t);
    const response = await browser.request({ method: 'GET', url: `/api/me/statement?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  test("a filtered page reads the customer's postings by their index and each one's entry by its key, among thousands of entries", async () => {
    await t.db.execute(sql`
      insert into users (id, name, email)
      select 'stmt-plan-' || g, 'Plan ' || g, 'stmt-plan-' || g || '@example.test' from generate_series(1, 1000) g`);
    const drafts = Array.from({ length: 3000 }, (_, i) =>
      i % 3 === 0
        ? adjustmentEntry({
            userId: `stmt-plan-${(i % 1000) + 1}`,
            direction: 'credit',
            amount: 100n,
            reason: 'Plan',
          })
        : deposit(`stmt-plan-${(i % 1000) + 1}`, 1_000n),
    );
    await postOrReject(t.db, drafts, COMMAND_LINE_ACTOR);
    await t.db.execute(sql`analyze`);
    const filter = {
      kinds: ['deposit'] as const,
      since: new Date('2026-01-01T00:00:00Z'),
      until: new Date('2999-01-01T00:00:00Z'),
    };
    const plans = await plansOf(t.db, (explaining) =>
      selectStatementPage(explaining, 'stmt-plan-8', { page: 1, pageSize: 20 }, filter),
    );
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      // The customer's postings through their index, and the entry of each by its key to filter it.
      for (const table of ['ledger_accounts', 'postings']) {
        expect(plan, table).toContain(`"Relation Name":"${table}"`);
        expect(scansWhole(plan, table), table).toBe(false);
      }
      expect(plan).toContain(
        '"Index Name":"journal_entries_pkey","Relation Name":"journal_entries","Alias":"fe"',
      );
    }
  });
});
