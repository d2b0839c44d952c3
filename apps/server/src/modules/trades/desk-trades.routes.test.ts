/**
 * Trades booked by the desk need the customer (issue 11 item 2): booking proposes, nothing is posted
 * until the customer accepts; rejection and expiry post nothing; accepting is idempotent and decided
 * once under races. On PGlite by default; on PostgreSQL (real row locks racing) with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run apps/server/src/modules/trades/desk-trades.routes.test.ts
 */
import { randomUUID } from 'node:crypto';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { adjustmentEntry } from '@candor/domain/ledger/entries';
import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { trades } from '../../db/schema/trades.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import { findLastMail } from '../../test/auth-helpers.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { stubMinuteCandles } from '../../test/minute-candles.ts';
import { postOrReject } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { readBalancesOf } from '../withdrawals/withdrawal-test-helpers.ts';
import { insertDeskCustomer, useFixedQuotes } from './trade-test-helpers.ts';
import { expireDueDeskTrades } from './trades.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The server's clock: real time moved on by `offset` (the expiry tests move it a week on). */
let offset = 0;
const clock = () => new Date(Date.now() + offset);

const t = useTestApp({}, { clock });
useFixedQuotes(t, { BTCUSD: '67234.12' });
const admin = useSignedInUser(t, { role: 'admin' });

const NOW_MINUTE = Math.floor(Date.now() / 60_000) * 60;
const OPEN_MINUTE = NOW_MINUTE - 3 * 3600;
const CLOSE_MINUTE = NOW_MINUTE - 2 * 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const REASON = 'Executed by phone on your instruction of Monday';
const PROFIT_DESCRIPTION = 'Profit (booked by desk): BUY BTCUSD ×2.00 at 67,050.00, closed at 68,050.00';

beforeEach(() => {
  offset = 0;
  // The recorded 1-minute candles of the open and close minutes.
  const byMinute: Record<number, { low: string; high: string }> = {
    [OPEN_MINUTE]: { low: '67000.00', high: '67100.00' },
    [CLOSE_MINUTE]: { low: '68000.00', high: '68100.00' },
  };
  stubMinuteCandles(t.app.market, byMinute);
});

/** Staff book a BUY BTCUSD ×2, amount 100, 67050 → 68050: a profit of $2.98 (a SELL: a loss of $2.98). */
const postBooking = (userId: string, body: object = {}) =>
  admin.browser.post(`/api/admin/users/${userId}/trades`, {
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: '100',
    lotSize: '2',
    openedAt: iso(OPEN_MINUTE + 15),
    openPrice: '67050.00',
    closedAt: iso(CLOSE_MINUTE + 42),
    closePrice: '68050.00',
    reason: REASON,
    ...body,
  });

async function book(userId: string, body: object = {}): Promise<{ id: string; desk: { expiresAt: string } }> {
  const res = await postBooking(userId, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ state: 'proposed', approval: null });
  return res.json().trade;
}

const accept = (browser: Browser, id: string, key?: string) =>
  browser.post(`/api/desk-trades/${id}/accept`, undefined, key);
const reject = (browser: Browser, id: string, key?: string) =>
  browser.post(`/api/desk-trades/${id}/reject`, undefined, key);

async function entriesOf(tradeId: string) {
  return t.db
    .select({ kind: journalEntries.kind, description: journalEntries.description })
    .from(journalEntries)
    .where(sql`${journalEntries.reference}->>'trade' = ${tradeId}`);
}

async function deskStatusOf(tradeId: string) {
  const [row] = await t.db
    .select({ status: trades.deskStatus, decidedAt: trades.deskDecidedAt, entryId: trades.deskEntryId })
    .from(trades)
    .where(eq(trades.id, tradeId));
  return row;
}

async function summary(browser: Browser): Promise<number> {
  return (await browser.request({ method: 'GET', url: '/api/desk-trades/summary' })).json().awaiting;
}

describe('a booked trade is a proposal', () => {
  test('a reason asking the customer to pay is refused with 422 PAYMENT_DEMAND; nothing is booked', async () => {
    const { user } = await insertDeskCustomer(t, 1_000_000n);
    const res = await postBooking(user.id, { reason: 'Pay the $300 release fee to unlock your withdrawal' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    const [row] = await t.db.select({ n: count() }).from(trades).where(eq(trades.userId, user.id));
    expect(row?.n).toBe(0);
    await book(user.id, { reason: 'Desk execution for client order' });
  });

  test.each([
    ['open', { openPrice: 67050 }],
    ['close', { closePrice: 68050.5 }],
  ])(
    'a %s price sent as a JSON number is told to write it as text (decision 060); nothing is booked',
    async (_name, change) => {
      const { user } = await insertDeskCustomer(t, 1_000_000n);
      const res = await postBooking(user.id, change);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('Write the amount as text, such as "100.00"'),
      });
      const [row] = await t.db.select({ n: count() }).from(trades).where(eq(trades.userId, user.id));
      expect(row?.n).toBe(0);
    },
  );

  test('nothing is posted until the customer accepts; then exactly what booking used to post', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    expect(await entriesOf(booked.id)).toEqual([]);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1000.00', profit: '0.00' });
    expect(await summary(browser)).toBe(1);

    // The customer sees it with everything they need to decide.
    const listed = (await browser.request({ method: 'GET', url: '/api/desk-trades' })).json();
    expect(listed).toMatchObject({ total: 1, page: 1 });
    expect(listed.items[0]).toMatchObject({
      id: booked.id,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100.00',
      lotSize: '2.00',
      openPrice: '67050.00',
      openedAt: iso(OPEN_MINUTE + 15),
      closePrice: '68050.00',
      closedAt: iso(CLOSE_MINUTE + 42),
      result: '2.98',
      bookedByDesk: true,
      desk: { status: 'proposed', reason: REASON, expiresAt: booked.desk.expiresAt, decidedAt: null },
    });
    // …and by mail.
    const mail = await findLastMail(t.db, user.email, 'A trade booked by the desk awaits your acceptance');
    expect(mail?.textBody).toContain(REASON);
    expect(mail?.textBody).toContain('BUY BTCUSD');
    expect(mail?.textBody).toContain('a profit of $2.98');

    const accepted = await accept(browser, booked.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: booked.id, desk: { status: 'accepted' } });
    expect(accepted.json().desk.decidedAt).not.toBeNull();
    expect(await entriesOf(booked.id)).toEqual([{ kind: 'trade_result', description: PROFIT_DESCRIPTION }]);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1002.98', profit: '2.98' });
    expect(await summary(browser)).toBe(0);
    // On the statement and among the customer's closed trades.
    const statement = (await browser.request({ method: 'GET', url: '/api/me/statement' })).json();
    expect(statement.items[0]).toMatchObject({
      kind: 'trade_result',
      description: PROFIT_DESCRIPTION,
      availableChange: '2.98',
    });
    const closed = (await browser.request({ method: 'GET', url: '/api/trades?status=closed' })).json();
    expect(closed.items).toMatchObject([{ id: booked.id, bookedByDesk: true, result: '2.98' }]);
    // Staff see its state with its time.
    const staff = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/trades?userId=${user.id}&origin=desk`,
    });
    expect(staff.json().items).toMatchObject([
      { id: booked.id, desk: { status: 'accepted', decidedAt: accepted.json().desk.decidedAt } },
    ]);
    const row = await deskStatusOf(booked.id);
    expect(row?.entryId).not.toBeNull();
  });

  test("the customer reads the proposal in their Messages; staff's delivery log shows its envelope only", async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    await book(user.id);
    const subject = 'Candor: A trade booked by the desk awaits your acceptance';
    const list = (await browser.request({ method: 'GET', url: '/api/messages' })).json();
    const item = list.items.find((message: { subject: string }) => message.subject === subject);
    expect(item).toBeDefined();
    const opened = (await browser.request({ method: 'GET', url: `/api/messages/${item.id}` })).json();
    expect(opened.text).toContain(REASON);
    expect(opened.text).toContain('Nothing is posted to your account unless you accept it.');

    const log = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/outbox?search=${encodeURIComponent(user.email)}`,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({ id: item.id, to: user.email, subject, status: 'kept' }),
    ]);
    expect(log.body).not.toContain('Nothing is posted to your account');
    expect(Object.keys(log.json().items[0]).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'lastError',
        'nextAttemptAt',
        'sentAt',
        'status',
        'subject',
        'to',
      ].sort(),
    );
  });

  test('an accepted loss is posted from the customer’s cash', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id, { direction: 'sell' });
    expect((await accept(browser, booked.id)).statusCode).toBe(200);
    expect(await entriesOf(booked.id)).toEqual([
      {
        kind: 'trade_result',
        description: 'Loss (booked by desk): SELL BTCUSD ×2.00 at 67,050.00, closed at 68,050.00',
      },
    ]);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '997.02' });
  });

  test('an amount the cash does not cover cannot be booked: the desk cannot make money out of nothing', async () => {
    const { user } = await insertDeskCustomer(t, 10_000n);
    const res = await postBooking(user.id, { amount: '1000000', lotSize: '100' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: "The amount of $1,000,000.00 is more than the customer's available balance of $100.00",
    });
    const [stored] = await t.db.select({ n: count() }).from(trades).where(eq(trades.userId, user.id));
    expect(stored?.n).toBe(0);
  });

  test('an amount or a loss the cash no longer covers is refused at acceptance and the proposal stays open', async () => {
    const { user, browser } = await insertDeskCustomer(t, 10_500n);
    const booked = await book(user.id, { direction: 'sell' });
    await postOrReject(
      t.db,
      [adjustmentEntry({ userId: user.id, direction: 'debit', amount: 10_400n, reason: 'Test debit' })],
      COMMAND_LINE_ACTOR,
    );
    const res = await accept(browser, booked.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'The amount of $100.00 is more than your available balance of $1.00',
    });
    expect(await entriesOf(booked.id)).toEqual([]);
    expect((await deskStatusOf(booked.id))?.status).toBe('proposed');
  });

  test('a rejected trade posts nothing, now or later', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    const rejected = await reject(browser, booked.id);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().desk).toMatchObject({ status: 'rejected' });
    const again = await accept(browser, booked.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This trade was already rejected.' });
    expect((await reject(browser, booked.id)).statusCode).toBe(409);
    expect(await entriesOf(booked.id)).toEqual([]);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1000.00' });
    expect(await summary(browser)).toBe(0);
    const closed = (await browser.request({ method: 'GET', url: '/api/trades?status=closed' })).json();
    expect(closed.items).toEqual([]);
  });
});

describe('expiry after 7 days, by the server clock', () => {
  test('one second before the week is up it can still be accepted', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    offset = WEEK_MS - 1000;
    expect(await summary(browser)).toBe(1);
    expect((await accept(browser, booked.id)).statusCode).toBe(200);
  });

  test('once the week is up it is expired on read, cannot be accepted, and posts nothing', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    offset = WEEK_MS;
    expect(await summary(browser)).toBe(0);
    const listed = (await browser.request({ method: 'GET', url: '/api/desk-trades' })).json();
    expect(listed.items[0].desk).toMatchObject({
      status: 'expired',
      decidedAt: booked.desk.expiresAt,
    });
    const res = await accept(browser, booked.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This trade was already expired.' });
    expect(await entriesOf(booked.id)).toEqual([]);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1000.00' });
  });

  test('accepting after the expiry is refused even before any read or sweep marked it', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    offset = WEEK_MS + DAY_MS;
    expect((await deskStatusOf(booked.id))?.status).toBe('proposed');
    expect((await accept(browser, booked.id)).statusCode).toBe(409);
    expect((await reject(browser, booked.id)).statusCode).toBe(409);
    expect(await entriesOf(booked.id)).toEqual([]);
  });

  test('the sweep marks due proposals expired (at their expiry time) and leaves the rest', async () => {
    const { user } = await insertDeskCustomer(t, 100_000n);
    const due = await book(user.id);
    offset = 2 * DAY_MS;
    const later = await book(user.id);
    const swept = await expireDueDeskTrades(t.db, new Date(Date.now() + WEEK_MS + 1000));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await deskStatusOf(due.id)).toMatchObject({
      status: 'expired',
      decidedAt: new Date(due.desk.expiresAt),
    });
    expect((await deskStatusOf(later.id))?.status).toBe('proposed');
  });
});

describe('accepting is idempotent and decided once', () => {
  test('a retry with the same Idempotency-Key answers the same and posts once', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    const key = randomUUID();
    const first = await accept(browser, booked.id, key);
    const second = await accept(browser, booked.id, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await entriesOf(booked.id)).toHaveLength(1);
    // Another key is a new request: the trade is already accepted.
    expect((await accept(browser, booked.id, randomUUID())).statusCode).toBe(409);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1002.98' });
  });

  test('two accepts at once: one posts, the other is refused', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    const answers = await Promise.all([accept(browser, booked.id), accept(browser, booked.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesOf(booked.id)).toHaveLength(1);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1002.98' });
  });

  test('accept and reject at once: exactly one wins, and money moves only if accept won', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    const [accepted, rejected] = await Promise.all([accept(browser, booked.id), reject(browser, booked.id)]);
    expect([accepted.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const status = (await deskStatusOf(booked.id))?.status;
    expect(status).toBe(accepted.statusCode === 200 ? 'accepted' : 'rejected');
    expect(await entriesOf(booked.id)).toHaveLength(status === 'accepted' ? 1 : 0);
  });

  test('accept and the expiry sweep at once: accepted with its entry, or expired with none', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const booked = await book(user.id);
    const [answer] = await Promise.all([
      accept(browser, booked.id),
      expireDueDeskTrades(t.db, new Date(Date.now() + WEEK_MS + 1000), user.id),
    ]);
    const status = (await deskStatusOf(booked.id))?.status;
    expect(status).toBe(answer.statusCode === 200 ? 'accepted' : 'expired');
    expect(await entriesOf(booked.id)).toHaveLength(status === 'accepted' ? 1 : 0);
  });
});

describe('who may act', () => {
  test("a customer cannot see, accept or reject another customer's proposal", async () => {
    const owner = await insertDeskCustomer(t, 100_000n);
    const other = await insertDeskCustomer(t, 100_000n);
    const booked = await book(owner.user.id);
    const res = await accept(other.browser, booked.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Trade not found' });
    expect((await reject(other.browser, booked.id)).statusCode).toBe(404);
    const listed = (await other.browser.request({ method: 'GET', url: '/api/desk-trades' })).json();
    expect(listed.items).toEqual([]);
    // Staff cannot accept on the customer's behalf either.
    expect((await accept(admin.browser, booked.id)).statusCode).toBe(404);
    expect(await entriesOf(booked.id)).toEqual([]);
    expect((await deskStatusOf(booked.id))?.status).toBe('proposed');
  });

  test('a trade the customer placed is not a proposal', async () => {
    const { browser } = await insertDeskCustomer(t, 100_000n);
    const placed = await browser.post('/api/trades', {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await accept(browser, placed.json().id)).statusCode).toBe(404);
  });

  test('a suspended customer cannot accept (money is refused as for opening a trade) but may reject', async () => {
    const { user, browser } = await insertDeskCustomer(t, 100_000n);
    const first = await book(user.id);
    const second = await book(user.id);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const res = await accept(browser, first.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    expect((await reject(browser, second.id)).statusCode).toBe(200);
    expect(await entriesOf(first.id)).toEqual([]);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await accept(browser, first.id)).statusCode).toBe(200);
  });

  test('a staff role without trades.manage cannot book', async () => {
    const { user } = await insertDeskCustomer(t, 100_000n);
    const support = await insertDeskCustomer(t, 0n, { role: 'support' });
    const res = await support.browser.post(`/api/admin/users/${user.id}/trades`, { reason: 'x' });
    expect(res.statusCode).toBe(403);
    const rows = await t.db.select().from(trades).where(eq(trades.userId, user.id));
    expect(rows).toEqual([]);
  });
});
