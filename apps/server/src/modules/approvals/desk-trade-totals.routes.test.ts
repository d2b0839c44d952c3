/**
 * Desk bookings join the four-eyes total of manual adjustments (docs/decisions/054, dated section):
 * a booking waits when its result's size, with the customer's desk trades and manual adjustments of
 * the last 24 hours, is above the threshold; an adjustment counts the desk trades too. On PGlite by
 * default; on PostgreSQL (bookings at the same moment racing for real) with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run --project server apps/server/src/modules/approvals/desk-trade-totals.routes.test.ts
 */
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { trades } from '../../db/schema/trades.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { stubMinuteCandles } from '../../test/minute-candles.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { insertDeskCustomer, useFixedQuotes } from '../trades/trade-test-helpers.ts';

const HOUR_MS = 3600 * 1000;

/** The server's clock: real time moved on by `offset`. */
let offset = 0;
const t = useTestApp({}, { clock: () => new Date(Date.now() + offset) });
useFixedQuotes(t, { BTCUSD: '67234.12' });
const maker = useSignedInUser(t, { role: 'accountant', name: 'Mona Maker' });
const other = useSignedInUser(t, { role: 'admin', name: 'Omar Other' });
const checker = useSignedInUser(t, { role: 'admin', name: 'Carl Checker' });

type Staff = { user: TestUser; browser: Browser };

const NOW_MINUTE = Math.floor(Date.now() / 60_000) * 60;
const OPEN_MINUTE = NOW_MINUTE - 3 * 3600;
const CLOSE_MINUTE = NOW_MINUTE - 2 * 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** BUY BTCUSD, amount $1,000 ×60, 67050 → 68050: a profit of $894.85, below the $1,000 threshold alone. */
const NINE_HUNDRED = { amount: '1000', lotSize: '60' } as const;
const NINE_HUNDRED_RESULT = computeTradeResult({
  direction: 'buy',
  amountCents: 100_000n,
  lotHundredths: 6_000,
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
  };
  stubMinuteCandles(t.app.market, byMinute);
});

/** Staff book a BUY BTCUSD 67050 → 68050 of $894.85 unless `body` says otherwise; answers the state. */
async function book(as: Staff, userId: string, body: object = {}) {
  const res = await as.browser.post(`/api/admin/users/${userId}/trades`, {
    symbol: 'BTCUSD',
    direction: 'buy',
    ...NINE_HUNDRED,
    openedAt: iso(OPEN_MINUTE + 15),
    openPrice: '67050.00',
    closedAt: iso(CLOSE_MINUTE + 42),
    closePrice: '68050.00',
    reason: 'Executed by phone on your instruction',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    state: 'proposed' | 'awaiting_approval';
    trade: { id: string } | null;
    approval: { id: string } | null;
  };
}

async function adjust(as: Staff, userId: string, direction: 'credit' | 'debit', amount: string) {
  const res = await as.browser.post(`/api/admin/users/${userId}/adjustments`, {
    direction,
    amount,
    reason: `${direction} of ${amount}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { state: 'completed' | 'awaiting_approval'; approval: { id: string } | null };
}

async function customer() {
  return insertDeskCustomer(t, 1_000_000n);
}

describe('desk bookings count together over 24 hours', () => {
  test('five bookings of $894.85 for one customer: the first is proposed, the other four wait', async () => {
    expect(NINE_HUNDRED_RESULT).toBe(89_485n);
    const { user } = await customer();
    const states = [];
    for (let i = 0; i < 5; i += 1) states.push((await book(maker, user.id)).state);
    expect(states).toEqual([
      'proposed',
      'awaiting_approval',
      'awaiting_approval',
      'awaiting_approval',
      'awaiting_approval',
    ]);
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toHaveLength(1);
  });

  test('whoever books them, and a loss counts by its size: a $894.85 loss after a $894.85 profit waits', async () => {
    const { user } = await customer();
    expect((await book(maker, user.id)).state).toBe('proposed');
    const loss = await book(other, user.id, { direction: 'sell' });
    expect(loss.state).toBe('awaiting_approval');
  });

  test('a booking the customer rejected no longer counts', async () => {
    const { user, browser } = await customer();
    const first = await book(maker, user.id);
    const rejected = await browser.post(`/api/desk-trades/${first.trade?.id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await book(maker, user.id)).state).toBe('proposed');
  });

  test('an accepted booking still counts', async () => {
    const { user, browser } = await customer();
    const first = await book(maker, user.id);
    const accepted = await browser.post(`/api/desk-trades/${first.trade?.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await book(maker, user.id)).state).toBe('awaiting_approval');
  });

  test('a waiting booking counts; once rejected by a second staff member it no longer does', async () => {
    const { user } = await customer();
    const big = await book(maker, user.id, { amount: '5000', lotSize: '100' });
    expect(big.state).toBe('awaiting_approval');
    expect((await book(maker, user.id, { amount: '10', lotSize: '1' })).state).toBe('awaiting_approval');
    for (const row of await t.db.select().from(approvals).where(eq(approvals.userId, user.id))) {
      const res = await checker.browser.post(`/api/admin/approvals/${row.id}/reject`, {
        reason: 'No ticket',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await book(maker, user.id, { amount: '10', lotSize: '1' })).state).toBe('proposed');
  });

  test('an approved booking counts through the proposal it made, once', async () => {
    const { user } = await customer();
    await setThreshold(150_000n); // $1,500: two of $894.85 are above it, one is not
    const first = await book(maker, user.id);
    expect(first.state).toBe('proposed');
    const second = await book(maker, user.id);
    expect(second.state).toBe('awaiting_approval');
    const approved = await checker.browser.post(`/api/admin/approvals/${second.approval?.id}/approve`, {
      reason: 'Ticket checked',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await book(maker, user.id, { amount: '10', lotSize: '1' })).state).toBe('awaiting_approval');
  });

  test('23 hours later a booking still counts; a day and a minute later it no longer does', async () => {
    const { user } = await customer();
    expect((await book(maker, user.id)).state).toBe('proposed');
    offset = 23 * HOUR_MS;
    expect((await book(maker, user.id)).state).toBe('awaiting_approval');
    offset = 24 * HOUR_MS + 60_000;
    // The first proposal has left the window; the one waiting since hour 23 still counts.
    expect((await book(maker, user.id, { amount: '10', lotSize: '1' })).state).toBe('proposed');
    expect((await book(maker, user.id)).state).toBe('awaiting_approval');
  });

  test('with four-eyes off (threshold 0) every booking is proposed', async () => {
    await setThreshold(0n);
    const { user } = await customer();
    for (let i = 0; i < 3; i += 1) expect((await book(maker, user.id)).state).toBe('proposed');
  });
});

describe('desk bookings and manual adjustments make one total', () => {
  test('a $894.85 booking after a $600 credit waits', async () => {
    const { user } = await customer();
    expect((await adjust(maker, user.id, 'credit', '600')).state).toBe('completed');
    expect((await book(maker, user.id)).state).toBe('awaiting_approval');
  });

  test('a $200 credit after a $894.85 booking waits; so does a $200 debit', async () => {
    const { user } = await customer();
    expect((await book(maker, user.id)).state).toBe('proposed');
    expect((await adjust(maker, user.id, 'credit', '200')).state).toBe('awaiting_approval');
    expect((await adjust(other, user.id, 'debit', '200')).state).toBe('awaiting_approval');
  });

  test('a waiting booking counts for an adjustment, and a waiting adjustment for a booking', async () => {
    const first = await customer();
    expect((await book(maker, first.user.id, { amount: '5000', lotSize: '100' })).state).toBe(
      'awaiting_approval',
    );
    expect((await adjust(maker, first.user.id, 'credit', '10')).state).toBe('awaiting_approval');
    const second = await customer();
    expect((await adjust(maker, second.user.id, 'credit', '5000')).state).toBe('awaiting_approval');
    expect((await book(maker, second.user.id, { amount: '10', lotSize: '1' })).state).toBe(
      'awaiting_approval',
    );
  });

  test('another customer’s bookings do not count', async () => {
    const first = await customer();
    const second = await customer();
    expect((await book(maker, first.user.id)).state).toBe('proposed');
    expect((await book(maker, second.user.id)).state).toBe('proposed');
    expect((await adjust(maker, second.user.id, 'credit', '100')).state).toBe('completed');
  });
});

describe('at the same moment, they take turns', () => {
  test('four $894.85 bookings at once: one is proposed, three wait', async () => {
    const { user } = await customer();
    const answers = await Promise.all([maker, other, maker, other].map((as) => book(as, user.id)));
    expect(answers.map((answer) => answer.state).sort()).toEqual([
      'awaiting_approval',
      'awaiting_approval',
      'awaiting_approval',
      'proposed',
    ]);
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toHaveLength(1);
  });

  test('two bookings and two $600 credits at once: one of the four passes alone', async () => {
    const { user } = await customer();
    const answers = await Promise.all([
      book(maker, user.id),
      adjust(other, user.id, 'credit', '600'),
      book(other, user.id),
      adjust(maker, user.id, 'credit', '600'),
    ]);
    const alone = answers.filter((answer) => answer.state !== 'awaiting_approval');
    expect(alone).toHaveLength(1);
  });
});
