import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { findLastMail } from '../../test/auth-helpers.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { hashWithdrawalCode, WITHDRAWAL_CODE_SUBJECT } from './withdrawal-codes.ts';
import {
  PAYOUTS,
  readBalancesOf,
  requestWithdrawal,
  setCustomerSettings,
  setWithdrawalLimits,
} from './withdrawal-test-helpers.ts';

const t = useTestApp();
let adminBrowser: Browser;
beforeAll(async () => {
  adminBrowser = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'admin' }));
});
beforeEach(async () => {
  await setWithdrawalLimits(t.db, 0n, 250);
});

type Customer = { user: TestUser; browser: Browser };

/** A funded customer whose withdrawals need an e-mailed code. */
async function codeCustomer(): Promise<Customer> {
  const user = await insertUser(t.db, { identityStatus: 'verified' });
  await fund(t.db, user.id, 100_00n);
  await setCustomerSettings(t.db, user.id, { requireCode: true });
  return { user, browser: await signInAs(t.app, t.db, user) };
}

async function requestWithCode(customer: Customer): Promise<{ id: string; code: string }> {
  const res = await requestWithdrawal(customer.browser, { amount: '40', ...PAYOUTS.paypal });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id, code: await lastCode(customer) };
}

async function lastCode(customer: Customer): Promise<string> {
  const mail = await findLastMail(t.db, customer.user.email, WITHDRAWAL_CODE_SUBJECT);
  const code = mail?.textBody.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code in ${mail?.textBody}`);
  return code;
}

function confirm(customer: Customer, id: string, code: string) {
  return customer.browser.request({
    method: 'POST',
    url: `/api/withdrawals/${id}/confirm`,
    payload: { code },
  });
}

function resend(customer: Customer, id: string) {
  return customer.browser.request({ method: 'POST', url: `/api/withdrawals/${id}/code` });
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new Error('no row');
  return row;
}

/** Moves the current code's issue time back, as if `ms` had passed. */
async function age(id: string, ms: number) {
  const row = await rowOf(id);
  if (!row.codeExpiresAt) throw new Error('no code');
  await t.db
    .update(withdrawals)
    .set({ codeExpiresAt: new Date(row.codeExpiresAt.getTime() - ms) })
    .where(eq(withdrawals.id, id));
}

/** A wrong code: the right one with its last digit changed. */
function wrong(code: string): string {
  return `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
}

describe('a withdrawal that needs an e-mailed code', () => {
  test('is recorded awaiting confirmation, reserved, and a 6-digit code is mailed; only its hash is stored', async () => {
    const ada = await codeCustomer();
    const res = await requestWithdrawal(ada.browser, { amount: '40', ...PAYOUTS.paypal });
    expect(res.json()).toMatchObject({ status: 'awaiting_confirmation', codeExpiresAt: expect.any(String) });
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '40.00' });
    const mail = await findLastMail(t.db, ada.user.email, WITHDRAWAL_CODE_SUBJECT);
    expect(mail?.textBody).toContain('$40.00 by Paypal');
    expect(mail?.textBody).toContain('valid for 10 minutes');
    const code = await lastCode(ada);
    const row = await rowOf(res.json().id);
    expect(row.codeHash).toBe(hashWithdrawalCode(row.id, code));
    expect(Object.values(row).map((value) => String(value))).not.toContain(code);
    const expiresIn = (row.codeExpiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
    // The admin view never includes the code or its hash.
    const detail = (await adminBrowser.request({ method: 'GET', url: `/api/admin/withdrawals/${row.id}` }))
      .body;
    expect(detail).not.toContain(code);
    expect(detail).not.toContain(row.codeHash);
  });

  test('the right code moves it to pending', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    const res = await confirm(ada, id, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', codeExpiresAt: null });
    expect((await rowOf(id)).codeHash).toBeNull();
    const again = await confirm(ada, id, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'This withdrawal is already confirmed.',
    });
  });

  test('the right code read with spaces in it, as a message shows "327 305", is the right code', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    const res = await confirm(ada, id, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending' });
  });

  test('the right code moves it on hold when the account has a hold by then', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    await setCustomerSettings(t.db, ada.user.id, {
      requireCode: true,
      holdEnabled: true,
      holdReason: 'Compliance review',
    });
    const res = await confirm(ada, id, code);
    expect(res.json()).toMatchObject({ status: 'on_hold', holdReason: 'Compliance review' });
  });

  test('a wrong code says "Invalid withdrawal code. Please try again."; the fifth spends the code', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await confirm(ada, id, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_WITHDRAWAL_CODE',
        message: 'Invalid withdrawal code. Please try again.',
      });
      expect((await rowOf(id)).codeAttempts).toBe(attempt);
    }
    const fifth = await confirm(ada, id, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(fifth.json().message).toContain('Ask for a new code');
    // Even the right code no longer works.
    const right = await confirm(ada, id, code);
    expect(right.statusCode).toBe(429);
    const mine = (await ada.browser.request({ method: 'GET', url: `/api/withdrawals/${id}` })).json();
    expect(mine).toMatchObject({ status: 'awaiting_confirmation', codeExpiresAt: null });
    // The request is never thrown away: the amount stays reserved.
    expect(await readBalancesOf(ada.browser)).toMatchObject({ available: '60.00', reserved: '40.00' });

    const resent = await resend(ada, id);
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await lastCode(ada);
    expect((await confirm(ada, id, fresh)).json()).toMatchObject({ status: 'pending' });
  });

  test('simultaneous wrong codes each count: no more than 5 tries are ever judged', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    const results = await Promise.all(Array.from({ length: 8 }, () => confirm(ada, id, wrong(code))));
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
    expect((await confirm(ada, id, code)).statusCode).toBe(429);
  });

  test('an expired code says so clearly; a new code works', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    await age(id, 10 * 60_000 + 1);
    const res = await confirm(ada, id, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_WITHDRAWAL_CODE',
      message: 'This withdrawal code has expired. Ask for a new code.',
    });
    expect((await resend(ada, id)).statusCode).toBe(200);
    const fresh = await lastCode(ada);
    expect((await confirm(ada, id, fresh)).json()).toMatchObject({ status: 'pending' });
  });

  test('a new code replaces the old one and resets the tries; at most one every 30 seconds', async () => {
    const ada = await codeCustomer();
    const { id, code } = await requestWithCode(ada);
    await confirm(ada, id, wrong(code));
    const tooSoon = await resend(ada, id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('RATE_LIMITED');

    await age(id, 31_000);
    const res = await resend(ada, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'awaiting_confirmation', codeExpiresAt: expect.any(String) });
    const fresh = await lastCode(ada);
    expect((await rowOf(id)).codeAttempts).toBe(0);
    if (fresh !== code) {
      expect((await confirm(ada, id, code)).json().code).toBe('INVALID_WITHDRAWAL_CODE');
    }
    expect((await confirm(ada, id, fresh)).json()).toMatchObject({ status: 'pending' });
    const late = await resend(ada, id);
    expect(late.statusCode).toBe(409);
  });

  test('an administrator cannot decide a request that awaits its code', async () => {
    const ada = await codeCustomer();
    const { id } = await requestWithCode(ada);
    const res = await adminBrowser.request({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/approve`,
      payload: { reason: 'Payout details checked' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This withdrawal is awaiting the customer's confirmation code and cannot be decided yet.",
    );
    const release = await adminBrowser.request({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/release-hold`,
      payload: {},
    });
    expect(release.statusCode).toBe(409);
  });

  test('a malformed code is refused before it counts', async () => {
    const ada = await codeCustomer();
    const { id } = await requestWithCode(ada);
    const res = await confirm(ada, id, '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The code is 6 digits');
    expect((await rowOf(id)).codeAttempts).toBe(0);
  });

  test('a replayed request (same Idempotency-Key) sends no second code', async () => {
    const ada = await codeCustomer();
    const body = { amount: '40', ...PAYOUTS.paypal };
    const first = await requestWithdrawal(ada.browser, body, 'code-replay-1');
    const code = await lastCode(ada);
    const mail = await findLastMail(t.db, ada.user.email, WITHDRAWAL_CODE_SUBJECT);
    const replay = await requestWithdrawal(ada.browser, body, 'code-replay-1');
    expect(replay.json()).toEqual(first.json());
    expect((await findLastMail(t.db, ada.user.email, WITHDRAWAL_CODE_SUBJECT))?.id).toBe(mail?.id);
    expect((await confirm(ada, first.json().id, code)).statusCode).toBe(200);
  });
});
