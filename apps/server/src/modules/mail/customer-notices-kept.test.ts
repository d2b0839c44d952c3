import type { Trade } from '@candor/contracts/trades';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { insertUser, type TestUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { sendNewBrowserNotice, sendUnlockLink } from '../session/sign-in-mails.ts';
import { deskTradeProposedMessage } from '../trades/desk-trade-mail.ts';
import { withdrawalNoticeMessage } from '../withdrawals/withdrawal-codes.ts';
import { createMailer, type Mailer } from './mailer.ts';

/**
 * Every message to a customer is kept in their Messages (docs/decisions/019) by the account it names,
 * not only by its address. The notices written without naming it (the desk's proposal, the notice of
 * a withdrawal requested without a code, the new-browser notice, the unlock link) were kept only
 * while the address they were read with still belonged to the account: one recorded after the
 * customer changed their address (read in the same request, committed between the read and the
 * record) belonged to no account, so nobody could read it in the app.
 */
let database: Database;
let drop: () => Promise<void>;
let mailer: Mailer;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  mailer = createMailer(database.db, { from: 'Candor <no-reply@candor.test>' });
});
afterAll(() => drop());

/** A customer whose address changes after a notice was written to the old one. */
async function customerMovingAddress(): Promise<{ user: TestUser; moveAddress: () => Promise<void> }> {
  const user = await insertUser(database.db);
  const moveAddress = async () => {
    await database.db
      .update(users)
      .set({ email: `moved-${user.email}` })
      .where(eq(users.id, user.id));
  };
  return { user, moveAddress };
}

async function keptFor(userId: string) {
  return database.db
    .select({ subject: mailOutbox.subject, textBody: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId));
}

test("the desk's proposal is kept for the customer it was booked for", async () => {
  const { user, moveAddress } = await customerMovingAddress();
  const trade: Trade = {
    id: crypto.randomUUID(),
    symbol: 'BTCUSD',
    instrumentClass: 'crypto',
    direction: 'buy',
    amount: '100.00',
    lotSize: '2.00',
    exposure: '200.00',
    openPrice: '67050.00',
    openedAt: '2026-11-20T10:00:15.000Z',
    status: 'closed',
    closePrice: '68050.00',
    closedAt: '2026-11-20T11:00:42.000Z',
    result: '2.98',
    closedBy: 'desk',
    closeReason: null,
    bookedByDesk: true,
    desk: {
      status: 'proposed',
      reason: 'Executed by phone on your instruction',
      bookedAt: '2026-11-21T09:00:00.000Z',
      expiresAt: '2026-11-28T09:00:00.000Z',
      decidedAt: null,
    },
    priceSource: 'desk',
    openMidPrice: null,
    closeMidPrice: null,
    spread: null,
    copiedFrom: null,
  };
  const message = deskTradeProposedMessage({
    siteName: 'Candor',
    to: user.email,
    userId: user.id,
    name: user.name,
    trade,
    result: 298n,
  });
  await moveAddress();
  await mailer.send(message);
  const [kept] = await keptFor(user.id);
  expect(kept?.subject).toBe('Candor: A trade booked by the desk awaits your acceptance');
  expect(kept?.textBody).toContain('Executed by phone on your instruction');
});

test('the notice of a withdrawal requested without a code is kept for its customer', async () => {
  const { user, moveAddress } = await customerMovingAddress();
  const message = withdrawalNoticeMessage({
    siteName: 'Candor',
    to: user.email,
    userId: user.id,
    name: user.name,
    amount: '$40.00',
    method: 'Paypal',
    freezeLink: 'http://localhost:3000/freeze?token=f1',
  });
  await moveAddress();
  await mailer.send(message);
  const [kept] = await keptFor(user.id);
  expect(kept?.subject).toBe('Candor: withdrawal requested');
  expect(kept?.textBody).toContain('http://localhost:3000/freeze?token=f1');
});

test('the new-browser notice and the unlock link are kept for the account signed in to', async () => {
  const { user, moveAddress } = await customerMovingAddress();
  const account = { id: user.id, email: user.email, name: user.name };
  await moveAddress();
  await sendNewBrowserNotice(mailer, {
    account,
    siteName: 'Candor',
    at: new Date('2026-11-25T17:07:00Z'),
    ip: '10.0.0.7',
    userAgent: null,
  });
  await sendUnlockLink(mailer, {
    account,
    siteName: 'Candor',
    link: 'http://localhost:3000/?unlock=u1',
    validMinutes: 15,
  });
  const kept = await keptFor(user.id);
  expect(kept.map((mail) => mail.subject).sort()).toEqual([
    'Candor: failed sign-ins to your account',
    'Candor: sign-in from a new browser',
  ]);
  expect(kept.map((mail) => mail.textBody).join('\n')).toContain('http://localhost:3000/?unlock=u1');
});
