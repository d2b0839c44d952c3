import { randomUUID } from 'node:crypto';
import { formatDecimal } from '@candor/domain/money/money';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { trades } from '../../db/schema/trades.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { type MinuteRange, stubMinuteCandles } from '../../test/minute-candles.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { insertPlanPurchase } from '../../test/plans.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { readBalancesOf } from '../withdrawals/withdrawal-test-helpers.ts';
import {
  backdateAccount,
  closeTradeRequest,
  insertDeskCustomer,
  placeTradeRequest,
  type TradeAnswer,
  useFixedQuotes,
  useZeroDefaultSpread,
} from './trade-test-helpers.ts';
import { estimateAllTrades } from './trades.repository.ts';

const t = useTestApp();
// These tests price at the mid; spreads are tested in spreads.routes.test.ts.
useZeroDefaultSpread(t);
const quotes = useFixedQuotes(t, { BTCUSD: '67234.12', ETHUSD: '3000.00' });
const admin = useSignedInUser(t, { role: 'admin' });

async function customer(cents = 100_000n, overrides: Partial<TestUser> = {}) {
  return insertFundedCustomer(t, cents, overrides);
}

async function open(browser: Browser, body: object = {}): Promise<TradeAnswer> {
  const res = await placeTradeRequest(browser, {
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: '100',
    lotSize: '2',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function adminClose(id: string, body: object = { reason: 'Customer asked by phone' }, key?: string) {
  return admin.browser.request({
    method: 'POST',
    url: `/api/admin/trades/${id}/close`,
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 3));
}

describe('the All trades tab', () => {
  test('every trade, newest first, 10 a page, with the customer, exposure and result', async () => {
    const a = await customer(100_000n, { email: 'list_a@trades.test' });
    const b = await customer(100_000n, { email: 'list-b@trades.test' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await open(a.browser, { amount: String(i + 1) })).id);
      await pause();
      ids.push((await open(b.browser, { amount: String(i + 1), lotSize: '3' })).id);
      await pause();
    }
    const res = await admin.browser.request({ method: 'GET', url: '/api/admin/trades' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.page).toBe(1);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(12);
    expect(page.items.slice(0, 2).map((i: { id: string }) => i.id)).toEqual([ids[11], ids[10]]);
    expect(page.items[0]).toMatchObject({
      email: 'list-b@trades.test',
      customerName: b.user.name,
      userId: b.user.id,
      amount: '6.00',
      exposure: '18.00',
      status: 'open',
      result: null,
    });
  });

  test('searches by the start of the e-mail on the server (any case); LIKE wildcards are taken literally', async () => {
    const res = await admin.browser.request({ method: 'GET', url: '/api/admin/trades?search=list_a@' });
    const page = res.json();
    expect(page.total).toBe(6);
    expect(page.items.every((i: { email: string }) => i.email === 'list_a@trades.test')).toBe(true);
    const none = await admin.browser.request({
      method: 'GET',
      url: '/api/admin/trades?search=nobody%25here',
    });
    expect(none.json()).toMatchObject({ total: 0, items: [], pageCount: 1 });
    // The domain is not the start of the address: no match.
    const domain = await admin.browser.request({
      method: 'GET',
      url: '/api/admin/trades?search=trades.test',
    });
    expect(domain.json()).toMatchObject({ total: 0, items: [] });
    const first = await admin.browser.request({ method: 'GET', url: '/api/admin/trades?search=LIST' });
    const second = await admin.browser.request({
      method: 'GET',
      url: '/api/admin/trades?search=LIST&page=2',
    });
    expect(second.json()).toMatchObject({ page: 2, pageCount: 2, total: 12 });
    // The last page is read from the end: the two oldest, still newest first, none repeated.
    const ids = [...first.json().items, ...second.json().items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(12);
    const opened = [...first.json().items, ...second.json().items].map(
      (i: { openedAt: string }) => i.openedAt,
    );
    expect(opened).toEqual([...opened].sort().reverse());
    const beyond = await admin.browser.request({
      method: 'GET',
      url: '/api/admin/trades?search=list&page=3',
    });
    expect(beyond.json()).toMatchObject({ page: 3, pageCount: 2, total: 12, items: [] });
  });

  test("at scale the unfiltered total is the planner's estimate: after ANALYZE it is the row count", async () => {
    await t.db.execute(sql`analyze trades`);
    const [row] = await t.db.select({ n: count() }).from(trades);
    // Forced onto the estimate (a table this small normally counts exactly).
    expect(await estimateAllTrades(t.db, 0)).toBe(row?.n);
    expect(await estimateAllTrades(t.db)).toBe(row?.n);
  });

  test("one customer's open positions (the /user/{id} page): by user id and status", async () => {
    const c = await customer(100_000n, { email: 'positions@trades.test' });
    const first = await open(c.browser, { amount: '5' });
    const second = await open(c.browser, { amount: '7' });
    const closed = await c.browser.request({ method: 'POST', url: `/api/trades/${first.id}/close` });
    expect(closed.statusCode).toBe(200);
    const res = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/trades?userId=${c.user.id}&status=open`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ id: second.id, status: 'open', amount: '7.00' }],
    });
    const all = await admin.browser.request({ method: 'GET', url: `/api/admin/trades?userId=${c.user.id}` });
    expect(all.json().total).toBe(2);
  });

  test('customers cannot read the All trades tab', async () => {
    const { browser } = await customer(0n);
    expect((await browser.request({ method: 'GET', url: '/api/admin/trades' })).statusCode).toBe(403);
  });
});

describe('a trade for an administrator', () => {
  test('shows the current price and the result closing it now would give', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '68000.00');
    const res = await admin.browser.request({ method: 'GET', url: `/api/admin/trades/${trade.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: trade.id,
      currentPrice: '68000.00',
      priceStale: false,
      resultAtCurrentPrice: '2.28',
      status: 'open',
    });
  });

  test('without a fresh price there is no current price and no result', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '68000.00', { stale: true });
    const stale = (
      await admin.browser.request({ method: 'GET', url: `/api/admin/trades/${trade.id}` })
    ).json();
    expect(stale).toMatchObject({ currentPrice: null, priceStale: true, resultAtCurrentPrice: null });
    quotes.clear('BTCUSD');
    const missing = (
      await admin.browser.request({ method: 'GET', url: `/api/admin/trades/${trade.id}` })
    ).json();
    expect(missing).toMatchObject({ currentPrice: null, resultAtCurrentPrice: null });
  });

  test('an unknown trade is 404', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await admin.browser.request({ method: 'GET', url: `/api/admin/trades/${id}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('an administrator closes a trade at market', () => {
  test('with a reason: closed at the current price, the result posted, the action audited', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { direction: 'sell' });
    quotes.set('BTCUSD', '68000.00');
    const res = await adminClose(trade.id, { reason: 'Risk limit reached' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: trade.id,
      status: 'closed',
      closePrice: '68000.00',
      result: '-2.28',
      closedBy: 'admin',
      closeReason: 'Risk limit reached',
      resultAtCurrentPrice: null,
      currentPrice: '68000.00',
    });
    expect(await readBalancesOf(browser)).toMatchObject({ available: '997.72', reserved: '0.00' });
    const [row] = await t.db.select().from(trades).where(eq(trades.id, trade.id));
    expect(row?.closedByUserId).toBe(admin.user.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.close'), eq(auditLog.targetId, trade.id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      targetType: 'trade',
      reason: 'Risk limit reached',
      before: { status: 'open', openPrice: '67234.12', symbol: 'BTCUSD' },
      after: { status: 'closed', closePrice: '68000.00', result: '-2.28' },
    });
    // The customer sees who closed it and why.
    const closed = (await browser.request({ method: 'GET', url: '/api/trades?status=closed' })).json();
    expect(closed.items[0]).toMatchObject({
      id: trade.id,
      closedBy: 'admin',
      closeReason: 'Risk limit reached',
    });
  });

  test('the customer is told: the statement line and a notice say who closed it, the price, result and reason', async () => {
    const { user, browser } = await customer(100_000n, { name: 'Ada Lovelace' });
    const trade = await open(browser, { direction: 'sell' });
    quotes.set('BTCUSD', '68000.00');
    const reason = 'Closing at <b>"your"</b> request by phone';
    const key = randomUUID();
    const res = await adminClose(trade.id, { reason }, key);
    expect(res.statusCode, res.body).toBe(200);
    const closedAt = new Date(res.json().closedAt);

    // The statement's lines name the closer and the reason, in the trade list's words.
    const statement = (await browser.request({ method: 'GET', url: '/api/me/statement' })).json();
    const lines = statement.items.map((item: { description: string }) => item.description);
    const closed = `SELL BTCUSD ×2.00 at 67,234.12, closed at 68,000.00. Closed by an administrator. Reason: ${reason}`;
    expect(lines).toContain(`Loss: ${closed}`);
    expect(lines).toContain(`Margin released: ${closed}`);

    // One notice, kept in the customer's Messages, escaped in its HTML part, naming no staff member.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      toAddress: user.email,
      subject: 'Candor: your SELL BTCUSD trade was closed by an administrator',
    });
    const at = `${closedAt.toISOString().slice(0, 10)} ${closedAt.toISOString().slice(11, 16)} UTC`;
    expect(mail?.textBody).toContain('Hello Ada Lovelace,');
    expect(mail?.textBody).toContain(
      `Closed by an administrator: your SELL BTCUSD trade (amount $100.00, lot size 2.00, opened at 67,234.12) was closed at 68,000.00 on ${at}.`,
    );
    expect(mail?.textBody).toContain('Result: a loss of $2.28.');
    expect(mail?.textBody).toContain(`Reason: ${reason}`);
    expect(mail?.htmlBody).toContain(
      'Reason: Closing at &#60;b&#62;&#34;your&#34;&#60;/b&#62; request by phone',
    );
    expect(mail?.htmlBody).not.toContain('<b>');
    expect(`${mail?.textBody}${mail?.htmlBody}`).not.toContain(admin.user.name);
    const messages = (await browser.request({ method: 'GET', url: '/api/messages' })).json();
    expect(JSON.stringify(messages)).toContain('closed by an administrator');

    // A retry with the same key answers the same and mails nothing more.
    expect((await adminClose(trade.id, { reason }, key)).json()).toEqual(res.json());
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).toHaveLength(1);
  });

  test("the customer's own close and a refused staff close mail nothing, and their statement lines name no administrator", async () => {
    const { user, browser } = await customer();
    const own = await open(browser);
    expect((await closeTradeRequest(browser, own.id)).statusCode).toBe(200);
    const other = await open(browser);
    quotes.set('BTCUSD', '1.00', { stale: true });
    expect((await adminClose(other.id, { reason: 'Risk limit reached' })).statusCode).toBe(503);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).toEqual([]);
    const statement = (await browser.request({ method: 'GET', url: '/api/me/statement' })).json();
    const lines = statement.items.map((item: { description: string }) => item.description).join('\n');
    expect(lines).toContain('BUY BTCUSD ×2.00 at 67,234.12, closed at 67,234.12');
    expect(lines).not.toContain('administrator');
  });

  test('a reason is required', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    const res = await adminClose(trade.id, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Reason is required');
  });

  test('a closed trade cannot be closed again; a stale price is refused; customers cannot use it', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '1.00', { stale: true });
    expect((await adminClose(trade.id)).statusCode).toBe(503);
    quotes.set('BTCUSD', '67000.00');
    const customerTry = await browser.request({
      method: 'POST',
      url: `/api/admin/trades/${trade.id}/close`,
      payload: { reason: 'x' },
    });
    expect(customerTry.statusCode).toBe(403);
    expect((await adminClose(trade.id)).statusCode).toBe(200);
    const again = await adminClose(trade.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This trade is already closed' });
  });

  test('the customer and an administrator closing at once: one closes, one result', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    const answers = await Promise.all([
      adminClose(trade.id, { reason: 'Desk' }, randomUUID()),
      browser.request({
        method: 'POST',
        url: `/api/trades/${trade.id}/close`,
        headers: { 'idempotency-key': randomUUID() },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const releases = await t.db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.kind, 'trade_margin_release'),
          sql`${journalEntries.reference}->>'trade' = ${trade.id}`,
        ),
      );
    expect(releases).toHaveLength(1);
  });
});

// ---------- booking an external trade ----------

const NOW_MINUTE = Math.floor(Date.now() / 60_000) * 60;
const OPEN_MINUTE = NOW_MINUTE - 3 * 3600;
const CLOSE_MINUTE = NOW_MINUTE - 2 * 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const DAY_MS = 24 * 3600 * 1000;

/** The recorded 1-minute candles the market answers: one per minute given. */
function fixCandles(byMinute: Record<number, MinuteRange>) {
  return stubMinuteCandles(t.app.market, byMinute);
}

/** A funded customer whose account was created two days ago (insertDeskCustomer). */
function deskCustomer(cents = 100_000n) {
  return insertDeskCustomer(t, cents);
}

function book(userId: string, body: object, key?: string, as: Browser = admin.browser) {
  return as.request({
    method: 'POST',
    url: `/api/admin/users/${userId}/trades`,
    payload: {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100',
      lotSize: '2',
      openedAt: iso(OPEN_MINUTE + 15),
      openPrice: '67050.00',
      closedAt: iso(CLOSE_MINUTE + 42),
      closePrice: '68050.00',
      reason: "Executed by phone on the customer's instruction",
      ...body,
    },
    headers: key ? { 'idempotency-key': key } : {},
  });
}

describe('booking an external trade', () => {
  beforeEach(() => {
    fixCandles({
      [OPEN_MINUTE]: { low: '67000.00', high: '67100.00' },
      [CLOSE_MINUTE]: { low: '68000.00', high: '68100.00' },
    });
  });

  test('prices inside their minutes: proposed closed, by the desk, with the computed result; nothing posted', async () => {
    const { user, browser } = await deskCustomer();
    const res = await book(user.id, {});
    expect(res.statusCode, res.body).toBe(200);
    const expected = computeTradeResult({
      direction: 'buy',
      amountCents: 10_000n,
      lotHundredths: 200,
      openPrice: '67050.00',
      closePrice: '68050.00',
    });
    expect(expected).toBe(298n);
    expect(res.json()).toMatchObject({ state: 'proposed', approval: null });
    const booked = res.json().trade;
    expect(booked).toMatchObject({
      userId: user.id,
      email: user.email,
      symbol: 'BTCUSD',
      status: 'closed',
      openPrice: '67050.00',
      closePrice: '68050.00',
      openedAt: iso(OPEN_MINUTE + 15),
      closedAt: iso(CLOSE_MINUTE + 42),
      result: '2.98',
      exposure: '200.00',
      closedBy: 'desk',
      bookedByDesk: true,
      desk: {
        status: 'proposed',
        reason: "Executed by phone on the customer's instruction",
        decidedAt: null,
      },
    });
    const { bookedAt, expiresAt } = booked.desk;
    expect(Date.parse(expiresAt) - Date.parse(bookedAt)).toBe(7 * 24 * 3600 * 1000);
    // Nothing moves until the customer accepts it (desk-trades.routes.test.ts).
    expect(await readBalancesOf(browser)).toMatchObject({
      available: '1000.00',
      reserved: '0.00',
      profit: '0.00',
    });
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(sql`${journalEntries.reference}->>'trade' = ${booked.id}`);
    expect(entries).toEqual([]);
    // Not among the customer's trades until accepted.
    const closed = (await browser.request({ method: 'GET', url: '/api/trades?status=closed' })).json();
    expect(closed.items).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.book'), eq(auditLog.targetId, booked.id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetType: 'trade',
      reason: "Executed by phone on the customer's instruction",
      after: { result: '2.98', bookedByDesk: true, desk: { status: 'proposed' } },
    });
    // Staff see it, with its state, in the All trades tab (desk trades only, for /user/{id}).
    const listed = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/trades?userId=${user.id}&origin=desk`,
    });
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [{ id: booked.id, desk: { status: 'proposed' } }],
    });
  });

  test('a reason is required', async () => {
    const { user } = await deskCustomer();
    for (const reason of [undefined, '', '   ']) {
      const res = await book(user.id, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain('Reason is required');
    }
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
  });

  test("a price at the edge of the minute's range ± 0.1 % is accepted; beyond it, refused with the range", async () => {
    const { user } = await deskCustomer();
    // 67000.00 × 0.999 = 66933.00; 67100.00 × 1.001 = 67167.10
    expect((await book(user.id, { openPrice: '66933.00' })).statusCode).toBe(200);
    expect((await book(user.id, { openPrice: '67167.10', direction: 'sell' })).statusCode).toBe(200);
    const low = await book(user.id, { openPrice: '66932.99' });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: "The open price must be between 66933.00 and 67167.10 (the minute's range ± 0.1%)",
    });
    const high = await book(user.id, { closePrice: '68168.11' });
    expect(high.json().message).toBe(
      "The close price must be between 67932.00 and 68168.10 (the minute's range ± 0.1%)",
    );
  });

  test('a minute without recorded prices is refused, naming the minute', async () => {
    const { user } = await deskCustomer();
    const res = await book(user.id, { openedAt: iso(OPEN_MINUTE - 60) });
    expect(res.statusCode).toBe(400);
    const minute = new Date((OPEN_MINUTE - 60) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    expect(res.json().message).toBe(`No recorded prices for ${minute} UTC`);
  });

  test('times must be in the past and the close after the open', async () => {
    const { user } = await deskCustomer();
    const future = await book(user.id, { closedAt: iso(NOW_MINUTE + 3600) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The open and close times must be in the past');
    const backwards = await book(user.id, { openedAt: iso(CLOSE_MINUTE + 50) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('The close time must be after the open time');
  });

  test('an unknown user is 404 USER_NOT_FOUND; customers cannot book', async () => {
    const res = await book('no-such-user', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    const { user, browser } = await deskCustomer();
    expect((await book(user.id, {}, undefined, browser)).statusCode).toBe(403);
  });

  test("the lot size is checked against the customer's own leverage: their package's above the default", async () => {
    const { user } = await deskCustomer();
    await insertPlanPurchase(t.db, user.id, 'trading', 'Zero', {
      purchasedAt: new Date(Date.now() - DAY_MS),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
    // The customer could open a lot of 500 themselves (the Zero package: 1:500): so may the desk.
    const terms = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/users/${user.id}/trading-terms`,
    });
    expect(terms.json()).toMatchObject({ maxLeverage: 500, source: 'package', packageName: 'Zero' });
    const at = await book(user.id, { lotSize: '500' });
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().trade).toMatchObject({ lotSize: '500.00', exposure: '50000.00' });
    const above = await book(user.id, { lotSize: '500.01' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: "Lot size can be at most 500 (the customer's maximum leverage)",
    });
  });

  test("a lot size above a lowered Settings default is refused, as the customer's own open is", async () => {
    const { user, browser } = await deskCustomer();
    await t.db.update(siteSettings).set({ defaultMaxLeverage: 10 });
    try {
      const own = await placeTradeRequest(browser, {
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: '10',
        lotSize: '11',
      });
      expect(own.statusCode).toBe(400);
      const above = await book(user.id, { lotSize: '11' });
      expect(above.statusCode).toBe(400);
      expect(above.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: "Lot size can be at most 10 (the customer's maximum leverage)",
      });
      expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
      expect((await book(user.id, { lotSize: '10' })).statusCode).toBe(200);
    } finally {
      await t.db.update(siteSettings).set({ defaultMaxLeverage: 100 });
    }
  });

  test("an open before the minute the customer's account was created is refused, naming that minute", async () => {
    const { user } = await deskCustomer();
    // The account was created 2 hours 30 minutes ago and 20 seconds: the booking opened 3 hours ago.
    const createdAt = new Date((NOW_MINUTE - 2 * 3600 - 30 * 60 + 20) * 1000);
    await backdateAccount(t, user.id, createdAt);
    const res = await book(user.id, {});
    expect(res.statusCode).toBe(400);
    const minute = createdAt.toISOString().slice(0, 16).replace('T', ' ');
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `The open time cannot be before the customer's account was created (${minute} UTC)`,
    });
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
    // An account created in the very minute the trade opened can have it.
    await backdateAccount(t, user.id, new Date((OPEN_MINUTE + 40) * 1000));
    expect((await book(user.id, {})).statusCode).toBe(200);
  });

  test('an open more than 7 days back is refused, even with recorded prices; 6 days back is booked', async () => {
    const { user } = await deskCustomer();
    await backdateAccount(t, user.id, new Date(Date.now() - 60 * DAY_MS));
    const eightDays = NOW_MINUTE - 8 * 24 * 3600;
    const sixDays = NOW_MINUTE - 6 * 24 * 3600;
    fixCandles({
      [eightDays]: { low: '67000.00', high: '67100.00' },
      [sixDays]: { low: '67000.00', high: '67100.00' },
      [CLOSE_MINUTE]: { low: '68000.00', high: '68100.00' },
    });
    const beyond = await book(user.id, { openedAt: iso(eightDays + 15) });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(beyond.json().message).toMatch(
      /^The open time can be at most 7 days back: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC or later$/,
    );
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
    const within = await book(user.id, { openedAt: iso(sixDays + 15) });
    expect(within.statusCode, within.body).toBe(200);
  });

  test("an amount larger than the customer's cash is refused and nothing is written (the amount bounds the loss)", async () => {
    const { user } = await deskCustomer(250n);
    const res = await book(user.id, { direction: 'sell' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: "The amount of $100.00 is more than the customer's available balance of $2.50",
    });
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
  });

  test('a replay with the same Idempotency-Key books once', async () => {
    const { user, browser } = await deskCustomer();
    const key = randomUUID();
    const first = await book(user.id, {}, key);
    const second = await book(user.id, {}, key);
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toHaveLength(1);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1000.00' });
  });
});

test('booking against the recorded (simulated) history of a past minute', async () => {
  const { user } = await deskCustomer();
  const minute = NOW_MINUTE - 24 * 3600;
  const { candles } = await t.app.market.readCandles('EURUSD', {
    interval: '1m',
    from: minute,
    to: minute + 60,
  });
  const [first, second] = candles;
  if (!first || !second) throw new Error('no simulated minutes');
  const res = await book(user.id, {
    symbol: 'EURUSD',
    openedAt: iso(first.time + 5),
    openPrice: first.close,
    closedAt: iso(second.time + 5),
    closePrice: second.close,
  });
  expect(res.statusCode, res.body).toBe(200);
  const cents = computeTradeResult({
    direction: 'buy',
    amountCents: 10_000n,
    lotHundredths: 200,
    openPrice: first.close,
    closePrice: second.close,
  });
  expect(res.json().trade).toMatchObject({
    result: formatDecimal(cents),
    bookedByDesk: true,
    priceSource: 'simulated',
  });
});
