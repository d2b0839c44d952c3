import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { insertUser, signInAs } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import {
  PAYOUTS,
  readBalancesOf,
  requestWithdrawal,
  setCustomerSettings,
  setWithdrawalLimits,
} from './withdrawal-test-helpers.ts';

const t = useTestApp();
beforeEach(async () => {
  await setWithdrawalLimits(t.db, 1_000n, 250);
});

/** A signed-in customer with `cents` of available cash. */
async function customerWith(cents: bigint): Promise<{ id: string; email: string; browser: Browser }> {
  // Verified: unverified accounts may not withdraw (issue 12; verification-limits tests cover them).
  const user = await insertUser(t.db, { identityStatus: 'verified' });
  if (cents > 0n) await fund(t.db, user.id, cents);
  return { id: user.id, email: user.email, browser: await signInAs(t.app, t.db, user) };
}

describe('each method checks its payout details', () => {
  test.each([
    ['bank', PAYOUTS.bank],
    ['crypto (Bitcoin)', PAYOUTS.crypto],
    [
      'crypto (Ethereum)',
      {
        method: 'crypto',
        details: { coin: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      },
    ],
    [
      'crypto (USDT on Tron)',
      { method: 'crypto', details: { coin: 'usdt', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } },
    ],
    ['paypal', PAYOUTS.paypal],
    ['cashapp', PAYOUTS.cashapp],
    ['gcash', PAYOUTS.gcash],
  ])('a valid %s request is recorded with its details', async (_name, payout) => {
    const { browser } = await customerWith(100_00n);
    const res = await requestWithdrawal(browser, { amount: '20', ...payout });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', method: payout.method, details: payout.details });
  });

  test.each([
    [
      'a Bitcoin request with an Ethereum address',
      {
        method: 'crypto',
        details: { coin: 'bitcoin', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      },
      'Enter a valid Bitcoin address',
    ],
    [
      'a USDT request with a Bitcoin address',
      { method: 'crypto', details: { coin: 'usdt', address: PAYOUTS.crypto.details.address } },
      'Enter a valid USDT (TRC-20) address',
    ],
    [
      'a crypto request without an address',
      { method: 'crypto', details: { coin: 'ethereum', address: '' } },
      'Ethereum address is required',
    ],
    [
      'a crypto request with an unknown coin',
      { method: 'crypto', details: { coin: 'dogecoin', address: 'x' } },
      'details.coin',
    ],
    ['a cashtag without the $', { method: 'cashapp', details: { cashtag: 'ada' } }, 'Enter a valid $Cashtag'],
    [
      'a cashtag starting with a digit',
      { method: 'cashapp', details: { cashtag: '$1ada' } },
      'Enter a valid $Cashtag',
    ],
    [
      'a cashtag of 21 characters',
      { method: 'cashapp', details: { cashtag: `$a${'b'.repeat(20)}` } },
      'Enter a valid $Cashtag',
    ],
    [
      'a GCash number of 10 digits',
      { method: 'gcash', details: { accountNumber: '0917123456', accountName: 'Ada' } },
      'Enter an 11-digit GCash number starting with 09',
    ],
    [
      'a GCash number not starting 09',
      { method: 'gcash', details: { accountNumber: '19171234567', accountName: 'Ada' } },
      'Enter an 11-digit GCash number starting with 09',
    ],
    [
      'a GCash request without a name',
      { method: 'gcash', details: { accountNumber: '09171234567', accountName: ' ' } },
      'Account name is required',
    ],
    [
      'a PayPal address that is not an e-mail',
      { method: 'paypal', details: { email: 'ada-at-example' } },
      'Enter a valid PayPal e-mail address',
    ],
    [
      'a bank request without a bank name',
      { method: 'bank', details: { accountNumber: '12345678', bankName: '', accountName: 'Ada' } },
      'Bank name is required',
    ],
    [
      'a bank account number with symbols',
      { method: 'bank', details: { accountNumber: '12#45678', bankName: 'B', accountName: 'Ada' } },
      'Enter a valid account number',
    ],
    ['an unknown method', { method: 'western_union', details: {} }, 'method'],
  ])('%s is refused and reserves nothing', async (_name, payout, message) => {
    const { browser } = await customerWith(100_00n);
    const res = await requestWithdrawal(browser, { amount: '20', ...payout });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
  });
});

describe('the amount: minimum, balance and fee', () => {
  test('the terms give the minimum, the fee percentage and the available balance', async () => {
    const { browser } = await customerWith(1_234_56n);
    const res = await browser.request({ method: 'GET', url: '/api/withdrawals/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      minWithdrawal: '10.00',
      withdrawalPercent: '2.50',
      available: '1234.56',
      owed: '0.00',
      withdrawable: '1234.56',
    });
  });

  test('an empty amount says "Please enter an amount"', async () => {
    const { browser } = await customerWith(100_00n);
    const res = await requestWithdrawal(browser, { amount: '', ...PAYOUTS.bank });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter an amount');
  });

  test('more than the available balance says "Insufficient balance!"', async () => {
    const { browser } = await customerWith(100_00n);
    const res = await requestWithdrawal(browser, { amount: '100.01', ...PAYOUTS.bank });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance!' });
  });

  test('less than the minimum says "Minimum withdrawal is $x,xxx.xx"', async () => {
    await setWithdrawalLimits(t.db, 1_500_00n, 250);
    const { browser } = await customerWith(2_000_00n);
    const res = await requestWithdrawal(browser, { amount: '1499.99', ...PAYOUTS.bank });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'BELOW_MINIMUM_WITHDRAWAL',
      message: 'Minimum withdrawal is $1,500.00',
    });
    expect((await requestWithdrawal(browser, { amount: '1500', ...PAYOUTS.bank })).statusCode).toBe(200);
  });

  test('the fee is the percentage of the amount, rounded half up to the cent, and deducted from it', async () => {
    await setWithdrawalLimits(t.db, 0n, 250);
    const { browser } = await customerWith(1_000_00n);
    const res = await requestWithdrawal(browser, { amount: '100.10', ...PAYOUTS.paypal });
    // 2.5 % of 100.10 = 2.5025 → 2.50
    expect(res.json()).toMatchObject({ amount: '100.10', fee: '2.50', net: '97.60', feePercent: '2.50' });
    const odd = await requestWithdrawal(browser, { amount: '0.50', ...PAYOUTS.paypal });
    // 2.5 % of 0.50 = 0.0125 → 0.01
    expect(odd.json()).toMatchObject({ amount: '0.50', fee: '0.01', net: '0.49' });
  });

  test('the fee is fixed when the request is recorded: a later change of percentage does not touch it', async () => {
    const { browser } = await customerWith(100_00n);
    const res = await requestWithdrawal(browser, { amount: '40', ...PAYOUTS.bank });
    await setWithdrawalLimits(t.db, 1_000n, 5_000);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, res.json().id));
    expect(row).toMatchObject({ amountMinor: 40_00n, feeBps: 250, feeMinor: 1_00n, netMinor: 39_00n });
  });
});

describe('the amount is reserved when the request is recorded', () => {
  test('available goes down and reserved up by the amount; the statement shows the reservation', async () => {
    const { browser } = await customerWith(100_00n);
    const res = await requestWithdrawal(browser, { amount: '30', ...PAYOUTS.cashapp });
    expect(res.statusCode).toBe(200);
    expect(await readBalancesOf(browser)).toMatchObject({
      available: '70.00',
      reserved: '30.00',
      total: '100.00',
    });
    const statement = (await browser.request({ method: 'GET', url: '/api/me/statement' })).json();
    expect(statement.items[0]).toMatchObject({
      kind: 'reservation',
      description: 'Reserved for withdrawal by CashApp',
      availableChange: '-30.00',
      reservedChange: '30.00',
    });
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, res.json().id));
    expect(row?.reservationEntryId?.toString()).toBe(statement.items[0].id);
  });

  test('20 simultaneous requests of $30 against $100: exactly 3 succeed and nothing is overdrawn', async () => {
    const { browser } = await customerWith(100_00n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => requestWithdrawal(browser, { amount: '30', ...PAYOUTS.bank })),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 422)).toHaveLength(17);
    for (const res of results.filter((r) => r.statusCode === 422)) {
      expect(res.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance!' });
    }
    expect(await readBalancesOf(browser)).toMatchObject({
      available: '10.00',
      reserved: '90.00',
      total: '100.00',
    });
    const list = (await browser.request({ method: 'GET', url: '/api/withdrawals' })).json();
    expect(list.total).toBe(3);
  });

  test('a retry with the same Idempotency-Key records and reserves once, with the same answer', async () => {
    const { browser } = await customerWith(100_00n);
    const body = { amount: '25', ...PAYOUTS.gcash };
    const first = await requestWithdrawal(browser, body, 'withdraw-once-1');
    const again = await Promise.all([
      requestWithdrawal(browser, body, 'withdraw-once-1'),
      requestWithdrawal(browser, body, 'withdraw-once-1'),
    ]);
    expect(first.statusCode).toBe(200);
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.json());
    }
    expect(await readBalancesOf(browser)).toMatchObject({ available: '75.00', reserved: '25.00' });
    expect((await browser.request({ method: 'GET', url: '/api/withdrawals' })).json().total).toBe(1);
    const other = await requestWithdrawal(browser, { ...body, amount: '26' }, 'withdraw-once-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  test('a suspended customer is refused and nothing is reserved', async () => {
    const user = await insertUser(t.db, { status: 'suspended' });
    await fund(t.db, user.id, 100_00n);
    const browser = await signInAs(t.app, t.db, user);
    const res = await requestWithdrawal(browser, { amount: '20', ...PAYOUTS.bank });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    expect(await readBalancesOf(browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
  });
});

describe('the hold: the request is recorded on hold with the reason the customer sees', () => {
  test('with a hold on, the status is on_hold and the reason is answered; the amount is still reserved', async () => {
    const { id, browser } = await customerWith(100_00n);
    await setCustomerSettings(t.db, id, { holdEnabled: true, holdReason: 'Identity check in progress' });
    const res = await requestWithdrawal(browser, { amount: '50', ...PAYOUTS.bank });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'on_hold', holdReason: 'Identity check in progress' });
    expect(await readBalancesOf(browser)).toMatchObject({ available: '50.00', reserved: '50.00' });
    const listed = (await browser.request({ method: 'GET', url: '/api/withdrawals' })).json();
    expect(listed.items[0]).toMatchObject({ status: 'on_hold', holdReason: 'Identity check in progress' });
  });
});

describe('the customer list', () => {
  test('no withdrawals: an empty first page', async () => {
    const { browser } = await customerWith(0n);
    const res = await browser.request({ method: 'GET', url: '/api/withdrawals' });
    expect(res.json()).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  test('5 a page, newest first', async () => {
    const { browser } = await customerWith(1_000_00n);
    for (const amount of ['11', '12', '13', '14', '15', '16', '17']) {
      expect((await requestWithdrawal(browser, { amount, ...PAYOUTS.bank })).statusCode).toBe(200);
    }
    const first = (await browser.request({ method: 'GET', url: '/api/withdrawals?page=1' })).json();
    expect(first.items.map((w: { amount: string }) => w.amount)).toEqual([
      '17.00',
      '16.00',
      '15.00',
      '14.00',
      '13.00',
    ]);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 7 });
    const second = (await browser.request({ method: 'GET', url: '/api/withdrawals?page=2' })).json();
    expect(second.items.map((w: { amount: string }) => w.amount)).toEqual(['12.00', '11.00']);
  });
});

describe('a customer sees only their own withdrawals and no admin route', () => {
  test("another customer's withdrawal is not found, and it never appears in their list", async () => {
    const owner = await customerWith(100_00n);
    const other = await customerWith(100_00n);
    const created = (await requestWithdrawal(owner.browser, { amount: '20', ...PAYOUTS.bank })).json();
    expect(
      (await owner.browser.request({ method: 'GET', url: `/api/withdrawals/${created.id}` })).statusCode,
    ).toBe(200);
    const peek = await other.browser.request({ method: 'GET', url: `/api/withdrawals/${created.id}` });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ code: 'NOT_FOUND', message: 'Withdrawal not found' });
    const confirm = await other.browser.request({
      method: 'POST',
      url: `/api/withdrawals/${created.id}/confirm`,
      payload: { code: '123456' },
    });
    expect(confirm.statusCode).toBe(404);
    expect((await other.browser.request({ method: 'GET', url: '/api/withdrawals' })).json().total).toBe(0);
  });

  test('a client gets 403 on every admin withdrawal route; an anonymous visitor 401', async () => {
    const { browser } = await customerWith(100_00n);
    const created = (await requestWithdrawal(browser, { amount: '20', ...PAYOUTS.bank })).json();
    const calls = [
      { method: 'GET' as const, url: '/api/admin/withdrawals' },
      { method: 'GET' as const, url: `/api/admin/withdrawals/${created.id}` },
      {
        method: 'POST' as const,
        url: `/api/admin/withdrawals/${created.id}/approve`,
        payload: { reason: 'x' },
      },
      {
        method: 'POST' as const,
        url: `/api/admin/withdrawals/${created.id}/reject`,
        payload: { reason: 'x' },
      },
      { method: 'POST' as const, url: `/api/admin/withdrawals/${created.id}/release-hold`, payload: {} },
    ];
    for (const call of calls) {
      expect((await browser.request(call)).statusCode, call.url).toBe(403);
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/withdrawals',
          payload: { amount: '20', ...PAYOUTS.bank },
        })
      ).statusCode,
    ).toBe(401);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '80.00', reserved: '20.00' });
  });
});
