/**
 * A desk booking whose result is above the four-eyes threshold waits for a second staff member
 * before it reaches the customer (docs/decisions/054). On PGlite by default; on PostgreSQL (real row
 * locks racing) with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run --project server apps/server/src/modules/approvals/desk-trade-approvals.routes.test.ts
 */
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { trades } from '../../db/schema/trades.ts';
import { insertSignedInUser, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { stubMinuteCandles } from '../../test/minute-candles.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { backdateAccount, insertDeskCustomer, useFixedQuotes } from '../trades/trade-test-helpers.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The server's clock: real time moved on by `offset` (approvals decided later). */
let offset = 0;
const clock = () => new Date(Date.now() + offset);

const t = useTestApp({}, { clock });
useFixedQuotes(t, { BTCUSD: '67234.12' });
const maker = useSignedInUser(t, { role: 'accountant', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'admin', name: 'Carl Checker' });
const support = useSignedInUser(t, { role: 'support' });

type Staff = { user: TestUser; browser: Browser };

const NOW_MINUTE = Math.floor(Date.now() / 60_000) * 60;
const OPEN_MINUTE = NOW_MINUTE - 3 * 3600;
const CLOSE_MINUTE = NOW_MINUTE - 2 * 3600;
/** Six days and 23 hours back: inside the 7-day booking window now, outside it two hours later. */
const OLD_OPEN_MINUTE = NOW_MINUTE - (7 * 24 - 1) * 3600;
const OLD_CLOSE_MINUTE = OLD_OPEN_MINUTE + 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const REASON = 'Executed by phone on your instruction of Monday';

/** BUY BTCUSD ×100, amount $5,000, 67050 → 68050. */
const BIG = { amount: '5000', lotSize: '100' } as const;
const BIG_RESULT = computeTradeResult({
  direction: 'buy',
  amountCents: 500_000n,
  lotHundredths: 10_000,
  openPrice: '67050.00',
  closePrice: '68050.00',
});

async function setThreshold(cents: bigint): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: cents }).where(eq(siteSettings.id, 1));
}

beforeEach(async () => {
  offset = 0;
  await setThreshold(100_000n); // the default: $1,000
  const byMinute: Record<number, { low: string; high: string }> = {
    [OPEN_MINUTE]: { low: '67000.00', high: '67100.00' },
    [CLOSE_MINUTE]: { low: '68000.00', high: '68100.00' },
    [OLD_OPEN_MINUTE]: { low: '67000.00', high: '67100.00' },
    [OLD_CLOSE_MINUTE]: { low: '68000.00', high: '68100.00' },
  };
  stubMinuteCandles(t.app.market, byMinute);
});

/** Staff book a BUY BTCUSD ×2, amount 100, 67050 → 68050 (a profit of $2.98) unless `body` says otherwise. */
function book(as: Staff, userId: string, body: object = {}) {
  return as.browser.post(`/api/admin/users/${userId}/trades`, {
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
}

/** A booking above the threshold: answers its waiting approval's id. */
async function bookWaiting(userId: string, body: object = BIG): Promise<string> {
  const res = await book(maker, userId, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ state: 'awaiting_approval', trade: null });
  return res.json().approval.id;
}

function decide(as: Staff, id: string, action: 'approve' | 'reject', reason = 'Checked the fill') {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason });
}

/** Everything the customer could see or be told of a desk trade. */
async function customerView(customer: Staff) {
  const get = async (url: string) => (await customer.browser.request({ method: 'GET', url })).json();
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, customer.user.id));
  return {
    deskTrades: (await get('/api/desk-trades')).total,
    awaiting: (await get('/api/desk-trades/summary')).awaiting,
    available: (await get('/api/me/balances')).available,
    mails: mails.map((mail) => mail.subject),
  };
}

async function tradesOf(userId: string) {
  return t.db.select().from(trades).where(eq(trades.userId, userId));
}

async function entriesOf(userId: string) {
  return t.db.select().from(journalEntries).where(eq(journalEntries.userId, userId));
}

const NOTHING_SEEN = { deskTrades: 0, awaiting: 0, available: '10000.00', mails: [] };

describe('at or below the threshold nothing changes', () => {
  test('a result equal to the threshold is proposed at once; a cent above waits', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    await setThreshold(298n); // the booking's result: $2.98
    const at = await book(maker, customer.user.id);
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json()).toMatchObject({ state: 'proposed', approval: null, trade: { result: '2.98' } });
    expect(await customerView(customer)).toMatchObject({ deskTrades: 1, awaiting: 1 });

    await setThreshold(297n);
    const above = await book(maker, customer.user.id);
    expect(above.json()).toMatchObject({ state: 'awaiting_approval', trade: null });
    expect(await tradesOf(customer.user.id)).toHaveLength(1);
  });

  test('with four-eyes off (threshold 0) any result is proposed at once', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    await setThreshold(0n);
    const res = await book(maker, customer.user.id, BIG);
    expect(res.json()).toMatchObject({ state: 'proposed', trade: { desk: { status: 'proposed' } } });
    expect(await t.db.select().from(approvals).where(eq(approvals.userId, customer.user.id))).toEqual([]);
  });
});

describe('a booking above the threshold waits for a second staff member', () => {
  test('nothing reaches the customer: no trade, no mail, no entry; staff see it waiting', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    expect(BIG_RESULT).toBeGreaterThan(100_000n);
    const res = await book(maker, customer.user.id, BIG);
    expect(res.statusCode, res.body).toBe(200);
    const approval = res.json().approval;
    expect(approval).toMatchObject({
      kind: 'desk_trade',
      status: 'awaiting',
      userId: customer.user.id,
      email: customer.user.email,
      amount: '7457.12',
      makerReason: REASON,
      maker: { id: maker.user.id, name: 'Mona Maker' },
      tradeId: null,
      deskTrade: {
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: '5000.00',
        lotSize: '100.00',
        openedAt: iso(OPEN_MINUTE + 15),
        openPrice: '67050.00',
        closedAt: iso(CLOSE_MINUTE + 42),
        closePrice: '68050.00',
        result: '7457.12',
      },
    });
    expect(await customerView(customer)).toEqual(NOTHING_SEEN);
    expect(await tradesOf(customer.user.id)).toEqual([]);
    expect(await entriesOf(customer.user.id)).toHaveLength(1); // the funding deposit only

    // The user page lists it for every staff member (customers.read), the All trades tab does not.
    const waiting = await support.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}/waiting-desk-trades`,
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().items).toMatchObject([{ id: approval.id, kind: 'desk_trade' }]);
    const listed = await checker.browser.request({
      method: 'GET',
      url: `/api/admin/trades?userId=${customer.user.id}&origin=desk`,
    });
    expect(listed.json().total).toBe(0);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.request'), eq(auditLog.targetId, approval.id)));
    expect(audit).toMatchObject({
      actorId: maker.user.id,
      subjectUserId: customer.user.id,
      reason: REASON,
      after: {
        kind: 'desk_trade',
        amount: '7457.12',
        booking: { amount: '5000.00', result: '7457.12', symbol: 'BTCUSD' },
      },
    });
  });

  test('a loss above the threshold waits too (the approval holds its size; a loss is at most the amount)', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    const id = await bookWaiting(customer.user.id, { ...BIG, direction: 'sell' });
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row).toMatchObject({ amountMinor: 500_000n, request: { result: '-5000.00' } });
  });

  test('the maker can neither approve nor reject it; a role without trades.manage cannot decide it', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    const id = await bookWaiting(customer.user.id);
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(maker, id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAKER_CANNOT_APPROVE');
      expect((await decide(support, id, action)).statusCode).toBe(403);
    }
    expect(await customerView(customer)).toEqual(NOTHING_SEEN);
  });
});

describe('the second staff member decides', () => {
  test('approved: proposed exactly as a booking below the threshold, expiring 7 days from the approval', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    const id = await bookWaiting(customer.user.id);
    offset = HOUR_MS;
    const approvedAt = Date.now() + offset;
    const res = await decide(checker, id, 'approve', 'Matched the broker ticket');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      checker: { id: checker.user.id, name: 'Carl Checker' },
      checkerReason: 'Matched the broker ticket',
      tradeId: expect.any(String),
    });
    const tradeId = res.json().tradeId;

    const listed = (await customer.browser.request({ method: 'GET', url: '/api/desk-trades' })).json();
    expect(listed.items).toMatchObject([
      { id: tradeId, result: '7457.12', desk: { status: 'proposed', reason: REASON } },
    ]);
    const { bookedAt, expiresAt } = listed.items[0].desk;
    expect(Date.parse(bookedAt)).toBeGreaterThanOrEqual(approvedAt - 1000);
    expect(Date.parse(expiresAt) - Date.parse(bookedAt)).toBe(7 * DAY_MS);
    const [trade] = await tradesOf(customer.user.id);
    expect(trade).toMatchObject({ bookedBy: maker.user.id, closedByUserId: maker.user.id });
    expect(await customerView(customer)).toEqual({
      ...NOTHING_SEEN,
      deskTrades: 1,
      awaiting: 1,
      mails: ['Candor: A trade booked by the desk awaits your acceptance'],
    });

    // Both names on the record: the maker made the booking, the checker approved it.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.book'), eq(auditLog.targetId, tradeId)));
    expect(audit).toMatchObject({
      actorId: maker.user.id,
      approverId: checker.user.id,
      reason: REASON,
      after: { result: '7457.12', approvalId: id, approverReason: 'Matched the broker ticket' },
    });
    const waiting = await checker.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}/waiting-desk-trades`,
    });
    expect(waiting.json().items).toEqual([]);

    // From here it is the customer's proposal like any other: accepting posts the profit.
    const accepted = await customer.browser.post(`/api/desk-trades/${tradeId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await customerView(customer)).available).toBe('17457.12');
  });

  test('rejected: never shown to the customer, nothing posted, the rejection on record', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    const id = await bookWaiting(customer.user.id);
    const res = await decide(checker, id, 'reject', 'No such fill at the broker');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', tradeId: null });
    expect(await customerView(customer)).toEqual(NOTHING_SEEN);
    expect(await tradesOf(customer.user.id)).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.reject'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorId: checker.user.id, reason: 'No such fill at the broker' });
    expect((await decide(checker, id, 'approve')).statusCode).toBe(409);
  });

  test('checked again at approval: an open now outside the 7-day window is refused and keeps waiting', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    await backdateAccount(t, customer.user.id, new Date(Date.now() - 10 * DAY_MS));
    const id = await bookWaiting(customer.user.id, {
      ...BIG,
      openedAt: iso(OLD_OPEN_MINUTE + 15),
      closedAt: iso(OLD_CLOSE_MINUTE + 42),
    });
    offset = 2 * HOUR_MS;
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toMatch(/^The open time can be at most 7 days back: /);
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row).toMatchObject({ status: 'awaiting', checkerId: null, tradeId: null });
    expect(await customerView(customer)).toEqual(NOTHING_SEEN);
    // Still decidable: the checker rejects it.
    expect((await decide(checker, id, 'reject')).statusCode).toBe(200);
  });

  test('a reason stored before the screen is screened at approval: 422 PAYMENT_DEMAND as its booking would get, and it keeps waiting', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    const id = await bookWaiting(customer.user.id);
    // Stored before the screen caught it: the reason the customer would read on the proposed trade.
    const demand = 'Funds are released once the release f33 of $300 is received';
    await t.db.update(approvals).set({ makerReason: demand }).where(eq(approvals.id, id));
    const asked = await book(maker, customer.user.id, { ...BIG, reason: demand });
    expect(asked.statusCode).toBe(422);

    const res = await decide(checker, id, 'approve');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(asked.json());
    expect(res.json().code).toBe('PAYMENT_DEMAND');
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row).toMatchObject({ status: 'awaiting', checkerId: null, tradeId: null });
    expect(await customerView(customer)).toEqual(NOTHING_SEEN);
    expect((await decide(checker, id, 'reject')).statusCode).toBe(200);
  });

  test('ten racing approvals propose it once and mail the customer once', async () => {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    const id = await bookWaiting(customer.user.id);
    const checkers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => insertSignedInUser(t, { role: i % 2 ? 'admin' : 'accountant' })),
    );
    const answers = await Promise.all(checkers.map((who) => decide(who, id, 'approve')));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await tradesOf(customer.user.id)).toHaveLength(1);
    expect((await customerView(customer)).mails).toEqual([
      'Candor: A trade booked by the desk awaits your acceptance',
    ]);
  });
});

describe('a waiting booking whose open leaves the booking window expires (docs/decisions/054)', () => {
  /** A booking opened 6 days 23 hours ago: approvable now, past the window two hours later. */
  async function bookOld(userId: string): Promise<string> {
    return bookWaiting(userId, {
      ...BIG,
      openedAt: iso(OLD_OPEN_MINUTE + 15),
      closedAt: iso(OLD_CLOSE_MINUTE + 42),
    });
  }

  async function statusOf(id: string) {
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    return row?.status;
  }

  async function oldCustomer() {
    const customer = await insertDeskCustomer(t, 1_000_000n);
    await backdateAccount(t, customer.user.id, new Date(Date.now() - 10 * DAY_MS));
    return customer;
  }

  test('the job expires exactly the bookings that can no longer be approved, once, audited by the system', async () => {
    const customer = await oldCustomer();
    const dead = await bookOld(customer.user.id);
    const alive = await bookWaiting(customer.user.id); // opened 3 hours ago
    const decided = await bookOld(customer.user.id);
    expect((await decide(checker, decided, 'reject', 'No such fill')).statusCode).toBe(200);
    // An adjustment waiting as long is not a desk booking: it never expires.
    const adjustment = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'credit',
      amount: '5000',
      reason: 'Goodwill',
    });
    expect(adjustment.json().state).toBe('awaiting_approval');

    // Still inside the window: nothing expires.
    expect(await t.app.deskTradeApprovalExpiry.runOnce()).toEqual({ expired: 0 });
    expect(await statusOf(dead)).toBe('awaiting');

    offset = 2 * HOUR_MS;
    expect(await t.app.deskTradeApprovalExpiry.runOnce()).toEqual({ expired: 1 });
    expect(await statusOf(dead)).toBe('expired');
    expect(await statusOf(alive)).toBe('awaiting');
    expect(await statusOf(decided)).toBe('rejected');
    expect(await statusOf(adjustment.json().approval.id)).toBe('awaiting');

    // Idempotent: a second run (or a second server) expires nothing more and records nothing more.
    expect(await t.app.deskTradeApprovalExpiry.runOnce()).toEqual({ expired: 0 });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.expire'), eq(auditLog.subjectUserId, customer.user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: 'system',
      actorRole: 'system',
      targetType: 'approval',
      targetId: dead,
      reason:
        'Its open time is now more than 7 days back, outside the booking window: it can no longer be approved.',
      before: { status: 'awaiting', kind: 'desk_trade', amount: '7457.12', makerId: maker.user.id },
      after: { status: 'expired' },
    });
  });

  test('an expired booking is final: approving or rejecting it is 409, and the customer never learns of it', async () => {
    const customer = await oldCustomer();
    const id = await bookOld(customer.user.id);
    offset = 2 * HOUR_MS;
    await t.app.deskTradeApprovalExpiry.runOnce();
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(checker, id, action);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'ALREADY_DECIDED',
        message: 'This request was already expired.',
      });
    }
    expect(await customerView(customer)).toEqual(NOTHING_SEEN);
    expect(await tradesOf(customer.user.id)).toEqual([]);
  });

  test('staff see it expired on the Approvals tab and on the customer’s Desk trades, with the reason', async () => {
    const customer = await oldCustomer();
    const id = await bookOld(customer.user.id);
    offset = 2 * HOUR_MS;
    await t.app.deskTradeApprovalExpiry.runOnce();
    const expected = {
      id,
      status: 'expired',
      checker: { id: 'system', role: 'system' },
      checkerReason:
        'Its open time is now more than 7 days back, outside the booking window: it can no longer be approved.',
      decidedAt: expect.any(String),
      deskTrade: { openedAt: iso(OLD_OPEN_MINUTE + 15) },
    };
    const listed = await checker.browser.request({ method: 'GET', url: '/api/admin/approvals?page=1' });
    expect(listed.json().items.find((item: { id: string }) => item.id === id)).toMatchObject(expected);
    const waiting = await support.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}/waiting-desk-trades`,
    });
    expect(waiting.json().items).toMatchObject([expected]);
  });

  test('an expired booking no longer counts towards the 24-hour total', async () => {
    const customer = await oldCustomer();
    await bookOld(customer.user.id);
    offset = 2 * HOUR_MS;
    // Waiting, the $7,457.12 counts: a $10 credit waits too (and is rejected, so it counts no more).
    const waits = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'credit',
      amount: '10',
      reason: 'Fee refund',
    });
    expect(waits.json().state).toBe('awaiting_approval');
    expect((await decide(checker, waits.json().approval.id, 'reject')).statusCode).toBe(200);
    await t.app.deskTradeApprovalExpiry.runOnce();
    const passes = await maker.browser.post(`/api/admin/users/${customer.user.id}/adjustments`, {
      direction: 'credit',
      amount: '10',
      reason: 'Fee refund',
    });
    expect(passes.json().state).toBe('completed');
  });
});

describe('a waiting loss and a waiting debit claim the same cash (docs/decisions/048, 054)', () => {
  /** SELL BTCUSD ×100, amount $600, 67050 → 68050: a loss of the whole $600 (a loss stops at the margin). */
  const LOSS_OF_600 = { direction: 'sell', amount: '600', lotSize: '100' } as const;
  const REFUSED_DEBIT = { code: 'INSUFFICIENT_FUNDS', message: 'A debit cannot take the balance below zero' };

  function debit(as: Staff, userId: string, amount: string) {
    return as.browser.post(`/api/admin/users/${userId}/adjustments`, {
      direction: 'debit',
      amount,
      reason: `Debit of ${amount}`,
    });
  }

  beforeEach(() => setThreshold(10_000n)); // $100: the $600 loss and the debits below wait

  test('a debit is refused when the cash cannot cover it with a booked loss awaiting approval', async () => {
    const customer = await insertDeskCustomer(t, 100_000n); // $1,000
    await bookWaiting(customer.user.id, LOSS_OF_600);
    const refused = await debit(maker, customer.user.id, '500');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual(REFUSED_DEBIT);
    const fits = await debit(maker, customer.user.id, '400');
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().state).toBe('awaiting_approval');
  });

  test('a loss is refused when the cash cannot cover it with the debits awaiting approval; nothing is recorded', async () => {
    const customer = await insertDeskCustomer(t, 100_000n);
    const waiting = await debit(maker, customer.user.id, '500');
    expect(waiting.json().state).toBe('awaiting_approval');
    const refused = await book(maker, customer.user.id, LOSS_OF_600);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message:
        'The loss of $600.00, with $500.00 of debits and losses awaiting a second approval for this customer, is more than their available balance of $1,000.00',
    });
    expect(await tradesOf(customer.user.id)).toEqual([]);
    const rows = await t.db.select().from(approvals).where(eq(approvals.userId, customer.user.id));
    expect(rows.map((row) => row.kind)).toEqual(['adjustment']);
    // A profit claims nothing: it is booked (and waits) beside the debit.
    expect((await bookWaiting(customer.user.id, { amount: '600', lotSize: '100' })).length).toBeGreaterThan(
      0,
    );
  });

  test('the second approval of a waiting loss does not count that loss against itself', async () => {
    const customer = await insertDeskCustomer(t, 100_000n);
    const id = await bookWaiting(customer.user.id, LOSS_OF_600);
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', tradeId: expect.any(String) });
  });

  test('a debit and a loss asked at once take turns: one waits, the other is refused', async () => {
    const customer = await insertDeskCustomer(t, 100_000n);
    const [debited, booked] = await Promise.all([
      debit(maker, customer.user.id, '600'),
      book(checker, customer.user.id, LOSS_OF_600),
    ]);
    expect([debited.statusCode, booked.statusCode].sort()).toEqual([200, 422]);
    const rows = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.userId, customer.user.id), eq(approvals.status, 'awaiting')));
    expect(rows).toHaveLength(1);
  });
});
