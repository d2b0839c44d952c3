import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLOSED_ACCOUNT_NAME, STAFF_ACCOUNT_STATUS_MESSAGE } from '@candor/contracts/account-status';
import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { accounts, sessions, signIns, users } from '../../db/schema/auth.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { trades } from '../../db/schema/trades.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { createTransactions } from '../../lib/transactions.ts';
import { findLastMail, signedInBrowser, signUpUser } from '../../test/auth-helpers.ts';
import { insertPendingDeposit, TEST_USDT_ADDRESS } from '../../test/deposits.ts';
import {
  insertSignedInUser,
  insertUser,
  signIn,
  type TestUser,
  useSignedInUser,
} from '../../test/factories.ts';
import { raceWriterIntoCheck } from '../../test/lock-races.ts';
import { readMessagesOf } from '../../test/messages.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';
import { setProfilePicture } from '../account/profile-picture.service.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { createMailer, type OutgoingMail } from '../mail/mailer.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { closeTradeRequest, placeTradeRequest, useFixedQuotes } from '../trades/trade-test-helpers.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';
import { closeAccount } from './close-account.service.ts';

/** The app's clock: real time, or `frozenAt` when a test sets it (sessions keep reading the real time). */
let frozenAt: Date | undefined;
const t = useTestApp({}, { clock: () => frozenAt ?? new Date() });
const quotes = useFixedQuotes(t, { BTCUSD: '67234.12', ETHUSD: '3000.00', USDTUSD: '1.00' });
const owner = useSignedInUser(t, { role: 'owner' });
const compliance = useSignedInUser(t, { role: 'compliance' });
const support = useSignedInUser(t, { role: 'support' });
const accountant = useSignedInUser(t, { role: 'accountant' });

type Action = 'suspend' | 'unsuspend' | 'close';

function act(as: Browser, id: string, action: Action, body: object = { reason: 'Documents requested' }) {
  return as.request({ method: 'POST', url: `/api/admin/users/${id}/${action}`, payload: body });
}

/** What the Close account dialog reads first: the refusals a close would meet now. */
function closeCheck(as: Browser, id: string) {
  return as.request({ method: 'GET', url: `/api/admin/users/${id}/close-check` });
}

/** The close is refused with `message`, and the close check named the same refusals beforehand. */
async function expectCloseRefused(as: Browser, id: string, message: string) {
  const check = await closeCheck(as, id);
  expect(check.statusCode, check.body).toBe(200);
  expect(check.json().refusals.join(' ')).toBe(message);
  const res = await act(as, id, 'close', { reason: 'closing' });
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({ code: 'ACCOUNT_NOT_CLOSABLE', message });
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no such user');
  return row;
}

async function auditsOf(userId: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, userId)))
    .orderBy(desc(auditLog.seq));
}

function me(browser: Browser) {
  return browser.request({ method: 'GET', url: '/api/me' });
}

describe('suspending and unsuspending', () => {
  test('compliance suspends with a reason the customer reads, then unsuspends; both audited', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const suspended = await act(compliance.browser, user.id, 'suspend', {
      reason: '  Proof of address expired  ',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({
      id: user.id,
      status: 'suspended',
      statusReason: 'Proof of address expired',
    });
    expect((await me(browser)).json()).toMatchObject({
      status: 'suspended',
      statusReason: 'Proof of address expired',
    });
    const [audit] = await auditsOf(user.id, 'user.suspend');
    expect(audit).toMatchObject({
      actorId: compliance.user.id,
      actorRole: 'compliance',
      subjectUserId: user.id,
      reason: 'Proof of address expired',
      before: { status: 'active', statusReason: null },
      after: { status: 'suspended', statusReason: 'Proof of address expired' },
    });

    const again = await act(compliance.browser, user.id, 'suspend');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'ACCOUNT_STATUS_UNCHANGED',
      message: 'This account is already suspended.',
    });

    const active = await act(owner.browser, user.id, 'unsuspend', { reason: 'New proof received' });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toEqual({ id: user.id, status: 'active', statusReason: null });
    expect(await userRow(user.id)).toMatchObject({ status: 'active', statusReason: null });
    const [lifted] = await auditsOf(user.id, 'user.unsuspend');
    expect(lifted).toMatchObject({
      actorRole: 'owner',
      reason: 'New proof received',
      before: { status: 'suspended', statusReason: 'Proof of address expired' },
      after: { status: 'active', statusReason: null },
    });

    const notSuspended = await act(owner.browser, user.id, 'unsuspend');
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json()).toEqual({
      code: 'ACCOUNT_STATUS_UNCHANGED',
      message: 'This account is not suspended.',
    });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  test("the customer is told in their Messages: a suspension with its reason and where to write; a reactivation without staff's reason", async () => {
    const { user, browser } = await insertSignedInUser(t, { name: 'Ada Lovelace' });
    await requireSiteSettings(t.db);
    await t.db.update(siteSettings).set({ supportEmail: 'help@candor.test' }).where(eq(siteSettings.id, 1));
    frozenAt = new Date('2026-11-20T10:00:15Z');
    try {
      expect(
        (await act(compliance.browser, user.id, 'suspend', { reason: 'Proof of address expired' }))
          .statusCode,
      ).toBe(200);
      // Refused changes tell nothing.
      expect((await act(compliance.browser, user.id, 'suspend')).statusCode).toBe(409);
      expect(
        (await act(owner.browser, user.id, 'unsuspend', { reason: 'New proof received by post' })).statusCode,
      ).toBe(200);
      expect((await act(owner.browser, user.id, 'unsuspend')).statusCode).toBe(409);
    } finally {
      frozenAt = undefined;
      await t.db.update(siteSettings).set({ supportEmail: null }).where(eq(siteSettings.id, 1));
    }
    const messages = await readMessagesOf(browser);
    expect(messages).toEqual([
      expect.objectContaining({
        subject: 'Candor: your account is active again',
        text:
          'Hello Ada Lovelace,\n\nYour account was made active again on 2026-11-20 10:00 UTC: ' +
          'you can trade, deposit and request withdrawals again.',
      }),
      expect.objectContaining({
        subject: 'Candor: your account was suspended',
        text: [
          'Hello Ada Lovelace,',
          'Your account was suspended on 2026-11-20 10:00 UTC.',
          'Reason: Proof of address expired',
          'While it is suspended you can still sign in, read your statement and messages, and close your open trades; new trades, deposits and withdrawal requests are refused.',
          INACTIVE_ACCOUNT_MESSAGE,
          'Write to our support agents at help@candor.test.',
        ].join('\n\n'),
      }),
    ]);
    const texts = JSON.stringify(messages);
    expect(texts).not.toContain('New proof received by post');
    expect(texts).not.toContain(compliance.user.name);
    expect(texts).not.toContain(owner.user.name);
  });

  test('a reason is required, and at most 500 characters; nothing changes without one', async () => {
    const user = await insertUser(t.db);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await act(compliance.browser, user.id, 'suspend', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await userRow(user.id)).status).toBe('active');
    expect(await auditsOf(user.id, 'user.suspend')).toHaveLength(0);
  });

  test('a suspension reason asking the customer to pay is refused with 422 PAYMENT_DEMAND; nothing changes', async () => {
    const user = await insertUser(t.db);
    const res = await act(compliance.browser, user.id, 'suspend', {
      reason: 'Deposit $500 to reactivate your account and withdraw',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    expect((await userRow(user.id)).status).toBe('active');
    expect(await auditsOf(user.id, 'user.suspend')).toHaveLength(0);
  });

  test('an unknown user is "User not found"; a closed account cannot be suspended or unsuspended; staff are not suspended here', async () => {
    const unknown = await act(compliance.browser, randomUUID(), 'suspend');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });

    const closed = await insertUser(t.db, { status: 'closed' });
    for (const action of ['suspend', 'unsuspend'] as const) {
      const res = await act(compliance.browser, closed.id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_CLOSED');
    }

    const staff = await insertUser(t.db, { role: 'support' });
    const res = await act(compliance.browser, staff.id, 'suspend');
    expect(res.statusCode).toBe(409);
    // The words the staff member's page shows in place of the buttons (decision 061).
    expect(res.json()).toEqual({ code: 'CONFLICT', message: STAFF_ACCOUNT_STATUS_MESSAGE });
    expect((await userRow(staff.id)).status).toBe('active');
  });

  test('support, accountants and customers are refused with 403; nothing changes', async () => {
    const user = await insertUser(t.db);
    const client = await insertSignedInUser(t);
    for (const as of [support.browser, accountant.browser, client.browser]) {
      expect((await act(as, user.id, 'suspend')).statusCode).toBe(403);
      expect((await act(as, user.id, 'unsuspend')).statusCode).toBe(403);
    }
    expect((await userRow(user.id)).status).toBe('active');
  });
});

describe('a suspended customer', () => {
  test('signs in and reads the reason, their balances and statement, closes their own trade, but opens no trade, deposit or withdrawal', async () => {
    await t.db
      .insert(walletAddresses)
      .values({ coin: 'usdt', address: TEST_USDT_ADDRESS, updatedBy: owner.user.id })
      .onConflictDoNothing();
    await setWithdrawalLimits(t.db, 1_000n, 0);
    const { user, browser } = await insertFundedCustomer(t, 100_000n);
    const opened = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100',
      lotSize: '2',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await act(compliance.browser, user.id, 'suspend', { reason: 'Under review' })).statusCode).toBe(
      200,
    );

    // Signing in again works, and says why the account is inactive.
    const fresh = new Browser(t.app);
    await signIn(fresh, user.email, user.password);
    expect((await me(fresh)).json()).toMatchObject({ status: 'suspended', statusReason: 'Under review' });

    const refusal = { code: 'ACCOUNT_INACTIVE', message: INACTIVE_ACCOUNT_MESSAGE };
    const trade = await placeTradeRequest(fresh, {
      symbol: 'ETHUSD',
      direction: 'sell',
      amount: '10',
      lotSize: '1',
    });
    expect(trade.statusCode).toBe(403);
    expect(trade.json()).toEqual(refusal);
    const deposit = await fresh.request({
      method: 'POST',
      url: '/api/deposit-quotes',
      payload: { amount: '100', coin: 'usdt' },
    });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json()).toEqual(refusal);
    const withdrawal = await requestWithdrawal(fresh, { amount: '50', ...PAYOUTS.bank });
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json()).toEqual(refusal);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(0);

    const statement = await fresh.request({ method: 'GET', url: '/api/me/statement' });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().total).toBeGreaterThan(0);
    expect((await fresh.request({ method: 'GET', url: '/api/me/balances' })).statusCode).toBe(200);

    const closed = await closeTradeRequest(fresh, opened.json().id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
  });

  test('keeps their pending deposit for staff to decide', async () => {
    const { user } = await insertFundedCustomer(t, 0n);
    const pending = await insertPendingDeposit(t.db, user.id);
    expect((await act(compliance.browser, user.id, 'suspend')).statusCode).toBe(200);
    const approved = await owner.browser.request({
      method: 'POST',
      url: `/api/admin/deposits/${pending.id}/approve`,
      payload: { reason: 'Payment received before the suspension' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
  });

  test('is still stopped out when the price crosses their trade’s stop-out price', async () => {
    const { user, browser } = await insertFundedCustomer(t, 100_000n);
    const opened = await placeTradeRequest(browser, {
      symbol: 'ETHUSD',
      direction: 'sell',
      amount: '100',
      lotSize: '50',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await act(compliance.browser, user.id, 'suspend')).statusCode).toBe(200);
    // SELL ×50 from 3000.00: the loss reaches the amount at 3060.00.
    expect(await t.app.stopOut.check([quotes.set('ETHUSD', '3060.00')])).toBe(1);
    const [row] = await t.db.select().from(trades).where(eq(trades.id, opened.json().id));
    expect(row).toMatchObject({ status: 'closed', closedBy: 'stop_out', resultMinor: -10_000n });
    expect((await userRow(user.id)).status).toBe('suspended');
  });
});

/** A customer who signed up, verified, signed in, uploaded a picture and a proof, and withdrew everything. */
async function emptiedCustomer() {
  const signedUp = await signUpUser(t.app, { fullname: 'Ada Lovelace' });
  // Identity verified too: unverified accounts may not withdraw (issue 12).
  await t.db
    .update(users)
    .set({ emailVerified: true, identityStatus: 'verified' })
    .where(eq(users.id, signedUp.id));
  const browser = await signedInBrowser(t.app, signedUp);
  const picture = multipartUpload({
    filename: 'me.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  const uploaded = await browser.request({ method: 'POST', url: '/api/account/profile-picture', ...picture });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const proof = multipartUpload({
    filename: 'proof.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  const proofRes = await browser.request({ method: 'POST', url: '/api/deposits/proofs', ...proof });
  expect(proofRes.statusCode, proofRes.body).toBe(200);
  const proofFileId: string = proofRes.json().fileId;
  // A deposit of $25.00 on that proof, approved; then all of it withdrawn and paid out.
  const [proofFile] = await t.db.select().from(files).where(eq(files.id, proofFileId));
  const deposit = await insertPendingDeposit(t.db, signedUp.id);
  await t.db.update(deposits).set({ proofFileId }).where(eq(deposits.id, deposit.id));
  const approve = await owner.browser.request({
    method: 'POST',
    url: `/api/admin/deposits/${deposit.id}/approve`,
    payload: { reason: 'Payment received' },
  });
  expect(approve.statusCode, approve.body).toBe(200);
  await setWithdrawalLimits(t.db, 1_000n, 0);
  const requested = await requestWithdrawal(browser, { amount: '25', ...PAYOUTS.bank });
  expect(requested.statusCode, requested.body).toBe(200);
  const paid = await owner.browser.request({
    method: 'POST',
    url: `/api/admin/withdrawals/${requested.json().id}/approve`,
    payload: { reason: 'Payout details checked' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await t.db.select().from(users).where(eq(users.id, signedUp.id));
  return {
    ...signedUp,
    browser,
    pictureFileId: row?.profileImageFileId ?? '',
    proofFileId,
    proofStorageKey: proofFile?.storageKey,
    depositId: deposit.id,
    withdrawalId: requested.json().id as string,
  };
}

describe('closing an account', () => {
  test('an emptied account is closed: personal data, files, sessions erased; ledger and records kept; the e-mail can sign up again', async () => {
    const customer = await emptiedCustomer();
    expect(await findLastMail(t.db, customer.email, 'verify')).toBeDefined();
    // Mail the account caused to another address (a changed e-mail's new one) is its too.
    await t.db.insert(mailOutbox).values({
      toAddress: 'new-address-of-closed@example.test',
      userId: customer.id,
      subject: 'verify your e-mail address',
      textBody: 'a link',
    });
    const entriesBefore = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.userId, customer.id));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${customer.pictureFileId}` })).statusCode,
    ).toBe(200);
    expect(
      (await owner.browser.request({ method: 'GET', url: `/api/files/${customer.proofFileId}` })).statusCode,
    ).toBe(200);

    // Nothing stands in the way: the close check says so, and changes nothing.
    const check = await closeCheck(owner.browser, customer.id);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ refusals: [] });
    expect((await userRow(customer.id)).status).toBe('active');
    // Only a role that may close reads it; a closed account and a staff account are refused as the close is.
    expect((await closeCheck(compliance.browser, customer.id)).statusCode).toBe(403);

    const res = await act(owner.browser, customer.id, 'close', { reason: 'Customer asked to close' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: customer.id, status: 'closed', closedAt: expect.any(String) });
    expect((await closeCheck(owner.browser, customer.id)).json().code).toBe('ACCOUNT_CLOSED');
    expect((await closeCheck(owner.browser, compliance.user.id)).json().code).toBe('CONFLICT');

    const row = await userRow(customer.id);
    expect(row).toMatchObject({
      name: CLOSED_ACCOUNT_NAME,
      email: `closed-${customer.id}@closed.invalid`,
      username: null,
      displayUsername: null,
      image: null,
      profileImageFileId: null,
      status: 'closed',
      statusReason: 'Customer asked to close',
      closedAt: expect.any(Date),
    });
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, customer.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toHaveLength(0);
    expect(await t.db.select().from(signIns).where(eq(signIns.userId, customer.id))).toHaveLength(0);
    // The kept mail is gone; what is left to the address is the closure notice, for no account. With no
    // SMTP nothing left the process and nobody can read it, so only its envelope is kept.
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email)),
    ).toMatchObject([
      { subject: 'Candor: your account was closed', userId: null, textBody: '', htmlBody: null },
    ]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, customer.id))).toHaveLength(0);
    // Files: the picture is gone; the proof's record stays for its deposit, without its bytes.
    expect(await t.db.select().from(files).where(eq(files.id, customer.pictureFileId))).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${customer.pictureFileId}` })).statusCode,
    ).toBe(404);
    expect(
      (await owner.browser.request({ method: 'GET', url: `/api/files/${customer.proofFileId}` })).statusCode,
    ).toBe(404);
    // Records kept, linked to the anonymised account; payout details blanked, amounts kept.
    const [withdrawal] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, customer.withdrawalId));
    expect(withdrawal).toMatchObject({
      userId: customer.id,
      status: 'approved',
      amountMinor: 2_500n,
      details: { accountNumber: '', bankName: '', accountName: '' },
    });
    const [deposit] = await t.db.select().from(deposits).where(eq(deposits.id, customer.depositId));
    expect(deposit).toMatchObject({ userId: customer.id, status: 'approved', amountMinor: 2_500n });
    expect(await t.db.select().from(journalEntries).where(eq(journalEntries.userId, customer.id))).toEqual(
      entriesBefore,
    );
    const adminView = await owner.browser.request({
      method: 'GET',
      url: `/api/admin/withdrawals/${customer.withdrawalId}`,
    });
    expect(adminView.statusCode, adminView.body).toBe(200);

    // The audit row traces the closure by the e-mail it had, and counts what was erased (the kept
    // mail: the address's verification, the mail to the new address, the notices of the deposit's
    // approval, of the withdrawal's request and of its approval; the files: the picture, the
    // uploaded proof and the proof the deposit was first recorded with).
    const [audit] = await auditsOf(customer.id, 'user.close');
    expect(audit).toMatchObject({
      actorRole: 'owner',
      reason: 'Customer asked to close',
      before: { status: 'active', email: customer.email },
      after: {
        status: 'closed',
        erased: { sessions: 1, credentials: 1, signIns: 1, keptMail: 5, payoutDetails: 1, files: 3 },
      },
    });
    expect(JSON.stringify(audit?.after)).not.toContain('Ada');
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });

    // Signed out everywhere, and cannot sign in again.
    expect((await me(customer.browser)).statusCode).toBe(401);
    const signInAgain = await new Browser(t.app).request({
      method: 'POST',
      url: '/api/session',
      payload: { email: customer.email, password: customer.password },
    });
    expect(signInAgain.statusCode).toBe(401);

    // The address (and the username) can open a new account.
    const again = await signUpUser(t.app, { email: customer.email, username: customer.username });
    expect(again.id).not.toBe(customer.id);

    // A closed account stays closed.
    expect((await act(owner.browser, customer.id, 'close')).json().code).toBe('ACCOUNT_CLOSED');
  });

  test('refused while money or business is left, naming why; nothing is erased', async () => {
    const { user, browser } = await insertFundedCustomer(t, 1_200n);
    const refusedWith = (message: string) => expectCloseRefused(owner.browser, user.id, message);
    await refusedWith('The balance is $12.00: it must be zero to close the account.');

    const opened = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '1',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await refusedWith(
      'The account has 1 open position, with $10.00 reserved as its margin: close it before closing the account. The balance is $2.00: it must be zero to close the account.',
    );
    expect((await closeTradeRequest(browser, opened.json().id)).statusCode).toBe(200);

    await setWithdrawalLimits(t.db, 100n, 0);
    // The trade crossed the spread (issue 13): what is left is a little under $12.00.
    const { available } = (await browser.request({ method: 'GET', url: '/api/me/balances' })).json();
    const requested = await requestWithdrawal(browser, { amount: available, ...PAYOUTS.paypal });
    expect(requested.statusCode, requested.body).toBe(200);
    const withdrawing = `The account has 1 withdrawal not yet decided, with $${available} reserved for it: approve or reject it before closing the account.`;
    await refusedWith(withdrawing);
    const pending = await insertPendingDeposit(t.db, user.id);
    await refusedWith(
      `The account has 1 pending deposit: approve or reject it before closing the account. ${withdrawing}`,
    );

    const row = await userRow(user.id);
    expect(row).toMatchObject({ status: 'active', email: user.email, name: user.name });
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, user.id))).toHaveLength(1);
    expect((await me(browser)).statusCode).toBe(200);
    expect(await auditsOf(user.id, 'user.close')).toHaveLength(0);
    expect(pending.status).toBe('pending');
  });

  test('a refusal names every blocker at once, and says what reserved money is held for', async () => {
    // An open trade's margin and an undecided withdrawal's amount both sit in reserved money: each is
    // named with its own cause, beside the pending deposit and the cash left, in one refusal.
    const { user, browser } = await insertFundedCustomer(t, 1_200n);
    const opened = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '5',
      lotSize: '1',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await setWithdrawalLimits(t.db, 100n, 0);
    const requested = await requestWithdrawal(browser, { amount: '3', ...PAYOUTS.paypal });
    expect(requested.statusCode, requested.body).toBe(200);
    await insertPendingDeposit(t.db, user.id);

    // The close check lists the same refusals, one sentence each, before any reason is written.
    const check = await closeCheck(owner.browser, user.id);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      refusals: [
        'The account has 1 open position, with $5.00 reserved as its margin: close it before closing the account.',
        'The account has 1 pending deposit: approve or reject it before closing the account.',
        'The account has 1 withdrawal not yet decided, with $3.00 reserved for it: approve or reject it before closing the account.',
        'The balance is $4.00: it must be zero to close the account.',
      ],
    });
    const res = await act(owner.browser, user.id, 'close');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'ACCOUNT_NOT_CLOSABLE',
      message: [
        'The account has 1 open position, with $5.00 reserved as its margin: close it before closing the account.',
        'The account has 1 pending deposit: approve or reject it before closing the account.',
        'The account has 1 withdrawal not yet decided, with $3.00 reserved for it: approve or reject it before closing the account.',
        'The balance is $4.00: it must be zero to close the account.',
      ].join(' '),
    });
    expect(res.body).not.toContain('reserved for withdrawals');
    expect((await userRow(user.id)).status).toBe('active');
  });

  test('refused while a request awaits its second approval (it would be left with no account to act on)', async () => {
    const user = await insertUser(t.db);
    const proposed = await accountant.browser.post(
      `/api/admin/users/${user.id}/adjustments`,
      { direction: 'credit', amount: '2000', reason: 'Goodwill credit' },
      randomUUID(),
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().state).toBe('awaiting_approval');
    const res = await act(owner.browser, user.id, 'close');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'ACCOUNT_NOT_CLOSABLE',
      message:
        'The account has 1 request awaiting second approval: approve or reject it before closing the account.',
    });
    expect((await userRow(user.id)).status).toBe('active');
  });

  test('refused for 7 days after a manual adjustment, naming when it can be closed; then closed', async () => {
    // The tester's case: a debit of the whole balance (under the four-eyes threshold), then a close.
    const { user } = await insertFundedCustomer(t, 49_840n);
    const debit = await owner.browser.post(
      `/api/admin/users/${user.id}/adjustments`,
      { direction: 'debit', amount: '498.40', reason: 'fee' },
      randomUUID(),
    );
    expect(debit.statusCode, debit.body).toBe(200);
    expect(debit.json().state).toBe('completed');
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.kind, 'adjustment')));
    if (!entry) throw new Error('the debit was not posted');
    // Seven days after the entry, rounded up to the minute the refusal names.
    const closable = new Date(Math.ceil((entry.createdAt.getTime() + 7 * 24 * 3_600_000) / 60_000) * 60_000);
    const iso = closable.toISOString();
    const refusal = {
      code: 'ACCOUNT_NOT_CLOSABLE',
      message: `A manual adjustment was posted to the account less than 7 days ago: the customer must have time to see it and object. The account can be closed from ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC.`,
    };
    try {
      await expectCloseRefused(owner.browser, user.id, refusal.message);
      // A moment before that time, still refused; nothing was erased, the customer was told of the debit.
      frozenAt = new Date(closable.getTime() - 1);
      expect((await act(owner.browser, user.id, 'close', { reason: 'closing' })).json()).toEqual(refusal);
      expect(await userRow(user.id)).toMatchObject({ status: 'active', email: user.email });
      expect(await auditsOf(user.id, 'user.close')).toHaveLength(0);
      expect(await findLastMail(t.db, user.email, 'your balance was debited $498.40')).toMatchObject({
        userId: user.id,
      });

      frozenAt = closable;
      const closed = await act(owner.browser, user.id, 'close', { reason: 'closing' });
      expect(closed.statusCode, closed.body).toBe(200);
    } finally {
      frozenAt = undefined;
    }
  });

  test('refused for 7 days after a deposit was rejected, naming when it can be closed; then closed', async () => {
    // A customer who paid and whose deposit staff rejected: an account closed at once would erase
    // the Messages where the customer reads the rejection, before they could object.
    const { user } = await insertFundedCustomer(t, 0n);
    const pending = await insertPendingDeposit(t.db, user.id);
    const rejected = await owner.browser.request({
      method: 'POST',
      url: `/api/admin/deposits/${pending.id}/reject`,
      payload: { reason: 'No payment received' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [deposit] = await t.db.select().from(deposits).where(eq(deposits.id, pending.id));
    if (!deposit?.decidedAt) throw new Error('the deposit was not decided');
    const closable = new Date(
      Math.ceil((deposit.decidedAt.getTime() + 7 * 24 * 3_600_000) / 60_000) * 60_000,
    );
    const iso = closable.toISOString();
    const refusal = {
      code: 'ACCOUNT_NOT_CLOSABLE',
      message: `A deposit was rejected less than 7 days ago: the customer must have time to see it and object. The account can be closed from ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC.`,
    };
    try {
      const refused = await act(owner.browser, user.id, 'close', { reason: 'closing' });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual(refusal);
      frozenAt = new Date(closable.getTime() - 1);
      expect((await act(owner.browser, user.id, 'close', { reason: 'closing' })).json()).toEqual(refusal);
      expect(await userRow(user.id)).toMatchObject({ status: 'active', email: user.email });
      expect(await auditsOf(user.id, 'user.close')).toHaveLength(0);

      frozenAt = closable;
      const closed = await act(owner.browser, user.id, 'close', { reason: 'closing' });
      expect(closed.statusCode, closed.body).toBe(200);
    } finally {
      frozenAt = undefined;
    }
  });

  test('the closure notice goes to the address the account had, once the close has committed, then loses its bodies', async () => {
    const user = await insertUser(t.db, { name: 'Ada <Lovelace>' });
    const delivered: Array<{ mail: OutgoingMail; committed: boolean }> = [];
    const mailer = createMailer(t.db, {
      from: 'Candor <no-reply@candor.test>',
      // Seen from another connection only once the close has committed.
      sendMail: async (mail) => {
        delivered.push({ mail, committed: (await userRow(user.id)).status === 'closed' });
      },
    });
    const transactions = createTransactions({
      db: t.db,
      mailer,
      clock: () => new Date(),
      idempotencyKeyTtlMs: 3_600_000,
      commitBehindLastStatements: t.database.pipelines,
    });
    await transactions.run(({ tx, now, outbox }) =>
      closeAccount({
        tx,
        actor: { id: owner.user.id, role: 'owner' },
        now,
        outbox,
        userId: user.id,
        reason: 'Customer asked: <no more>',
      }),
    );
    expect(delivered).toHaveLength(1);
    const [{ mail, committed } = { mail: undefined, committed: false }] = delivered;
    expect(committed).toBe(true);
    expect(mail).toMatchObject({ to: user.email, subject: 'Candor: your account was closed' });
    expect(mail?.text).toContain('Hello Ada <Lovelace>,');
    expect(mail?.text).toContain('Reason: Customer asked: <no more>');
    expect(mail?.text).toContain('Your personal data, files and sessions were erased.');
    expect(mail?.text).toContain('as anti-money-laundering rules require');
    expect(mail?.html).toContain('Reason: Customer asked: &#60;no more&#62;');
    expect(mail?.html).not.toContain('<Lovelace>');
    // Delivered, it keeps only its envelope: nobody may read it any more.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).toMatchObject([
      { deliveryStatus: 'sent', userId: null, textBody: '', htmlBody: null },
    ]);
    // A refused close mails nothing.
    const funded = await insertFundedCustomer(t, 100n);
    await expect(
      transactions.run(({ tx, now, outbox }) =>
        closeAccount({
          tx,
          actor: { id: owner.user.id, role: 'owner' },
          now,
          outbox,
          userId: funded.user.id,
          reason: 'No',
        }),
      ),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_CLOSABLE' });
    expect(delivered).toHaveLength(1);
  });

  test('only the owner and admins close; compliance, support and accountants get 403; unknown users 404', async () => {
    const user = await insertUser(t.db);
    for (const as of [compliance.browser, support.browser, accountant.browser]) {
      expect((await act(as, user.id, 'close')).statusCode).toBe(403);
    }
    expect((await userRow(user.id)).status).toBe('active');
    const unknown = await act(owner.browser, randomUUID(), 'close');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    expect((await act(owner.browser, user.id, 'close', { reason: ' ' })).statusCode).toBe(400);
  });

  test('a session that outlived a close counts for nothing', async () => {
    const { browser } = await insertSignedInUser(t, { status: 'closed' });
    const res = await me(browser);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  test('a profile picture upload in flight when the account closed is not linked, and its file is removed', async () => {
    const user = await insertUser(t.db, { status: 'closed' });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-status-'));
    try {
      const upload = setProfilePicture({
        db: t.db,
        storage: createLocalStorage(root),
        log: { warn: () => undefined },
        actor: { id: user.id, role: 'client' },
        now: new Date(),
        data: await makeImage('png'),
      });
      await expect(upload).rejects.toMatchObject({ code: 'ACCOUNT_CLOSED' });
      expect(await t.db.select().from(files).where(eq(files.ownerUserId, user.id))).toHaveLength(0);
      expect(
        fs.readdirSync(root, { recursive: true }).filter((name) => String(name).endsWith('.png')),
      ).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a suspended customer with nothing left can be closed', async () => {
    const user: TestUser = await insertUser(t.db, { status: 'suspended' });
    const res = await act(owner.browser, user.id, 'close', { reason: 'Dormant' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditsOf(user.id, 'user.close'))[0]?.before).toEqual({
      status: 'suspended',
      email: user.email,
    });
  });
});

test('the three routes are documented, with their refusals', async () => {
  const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
  for (const action of ['suspend', 'unsuspend', 'close']) {
    const operation = paths[`/api/admin/users/{id}/${action}`]?.post;
    expect(operation, action).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '409']),
    );
  }
});

describe('a close racing a deposit decision for the same customer', () => {
  test('ends consistent: refused while the deposit is pending, and refused after it was decided', async () => {
    for (let round = 0; round < 6; round++) {
      const { user } = await insertFundedCustomer(t, 0n);
      const pending = await insertPendingDeposit(t.db, user.id);
      const decision = round % 2 === 0 ? 'approve' : 'reject';
      const [closed, decided] = await Promise.all([
        act(owner.browser, user.id, 'close', { reason: 'Race' }),
        owner.browser.request({
          method: 'POST',
          url: `/api/admin/deposits/${pending.id}/${decision}`,
          payload: { reason: decision === 'reject' ? 'No payment received' : 'Payment received' },
        }),
      ]);
      // The decision always stands: the deposit was pending before the close.
      expect(decided.statusCode, decided.body).toBe(200);
      const [deposit] = await t.db.select().from(deposits).where(eq(deposits.id, pending.id));
      const row = await userRow(user.id);
      // Never closed: before the decision the deposit is pending; after it an approval leaves money
      // in the account, and a rejection makes the close wait 7 days (the customer reads why).
      expect(closed.statusCode, closed.body).toBe(409);
      expect(closed.json().code).toBe('ACCOUNT_NOT_CLOSABLE');
      expect(row.status).toBe('active');
      expect(deposit?.status).toBe(decision === 'approve' ? 'approved' : 'rejected');
    }
  });

  test('a manual credit made while the account closes waits for the close and is refused: no money lands on a closed account', async () => {
    // The credit starts while the close holds its locks and waits before its checks (on PostgreSQL).
    // It read the account as open before the close committed and then waited only for the ledger
    // accounts: once the close was through, it posted $50 to the closed, anonymised account.
    const { user } = await insertFundedCustomer(t, 0n);
    const [closed, credited] = await raceWriterIntoCheck(t.database, {
      holdTable: 'loan_applications',
      check: () => act(owner.browser, user.id, 'close', { reason: 'Race' }),
      writer: () =>
        owner.browser.request({
          method: 'POST',
          url: `/api/admin/users/${user.id}/adjustments`,
          payload: { direction: 'credit', amount: '50', reason: 'Goodwill' },
        }),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(credited.statusCode, credited.body).toBe(403);
    expect(credited.json().code).toBe('ACCOUNT_CLOSED');
    expect(await t.db.select().from(journalEntries).where(eq(journalEntries.userId, user.id))).toEqual([]);
  });

  test('a deposit submitted while the account closes is refused, never left pending on a closed account', async () => {
    await t.db
      .insert(walletAddresses)
      .values({ coin: 'usdt', address: TEST_USDT_ADDRESS, updatedBy: owner.user.id })
      .onConflictDoNothing();
    const { user, browser } = await insertFundedCustomer(t, 0n);
    const quote = await browser.request({
      method: 'POST',
      url: '/api/deposit-quotes',
      payload: { amount: '100', coin: 'usdt' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const proof = multipartUpload({
      filename: 'p.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    });
    const uploaded = await browser.request({ method: 'POST', url: '/api/deposits/proofs', ...proof });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [closed, submitted] = await Promise.all([
      act(owner.browser, user.id, 'close', { reason: 'Race' }),
      browser.request({
        method: 'POST',
        url: '/api/deposits',
        payload: { quoteId: quote.json().id, proofFileId: uploaded.json().fileId },
      }),
    ]);
    const pendingLeft = await t.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, user.id), eq(deposits.status, 'pending')));
    if (closed.statusCode === 200) {
      expect(submitted.statusCode).not.toBe(200);
      expect(pendingLeft).toHaveLength(0);
    } else {
      expect(closed.json().code).toBe('ACCOUNT_NOT_CLOSABLE');
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(pendingLeft).toHaveLength(1);
    }
  });
});
