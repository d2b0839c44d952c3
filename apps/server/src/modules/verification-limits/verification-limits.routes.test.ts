import { COINS } from '@candor/contracts/coins';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { deposits } from '../../db/schema/deposits.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { insertPendingDeposit } from '../../test/deposits.ts';
import { insertSignedInUser, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { fund } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { PAYOUTS, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = 30 * DAY_MS;
const clock = createManualClock(new Date());
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });

const ADDRESSES = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
} as const;

beforeAll(async () => {
  await t.db
    .insert(walletAddresses)
    .values(COINS.map((coin) => ({ coin, address: ADDRESSES[coin], updatedBy: admin.user.id })));
});

/** The identity limits as Settings hold them (the admin route has its own test in settings). */
async function setIdentityLimits(limits: {
  needVerified: boolean;
  depositCents?: bigint;
  withdrawalCents?: bigint;
}): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db
    .update(siteSettings)
    .set({
      withdrawalsNeedVerifiedIdentity: limits.needVerified,
      unverifiedDepositLimitMinor: limits.depositCents ?? 100_000n,
      unverifiedWithdrawalLimitMinor: limits.withdrawalCents ?? 0n,
    })
    .where(eq(siteSettings.id, 1));
}

beforeEach(async () => {
  clock.set(new Date());
  await setWithdrawalLimits(t.db, 0n, 0);
  // The defaults: withdrawals need a verified identity; $1,000.00 of deposits; $0.00 of withdrawals.
  await setIdentityLimits({ needVerified: true });
});

async function customer(
  cents: bigint,
  identityStatus: TestUser['identityStatus'] = 'unverified',
): Promise<{ user: TestUser; browser: Browser }> {
  const made = await insertSignedInUser(t, { identityStatus });
  if (cents > 0n) await fund(t.db, made.user.id, cents);
  return made;
}

function quote(browser: Browser, amount: string) {
  return browser.request({ method: 'POST', url: '/api/deposit-quotes', payload: { amount, coin: 'usdt' } });
}

async function proof(browser: Browser): Promise<string> {
  const upload = multipartUpload({
    filename: 'p.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  const res = await browser.request({ method: 'POST', url: '/api/deposits/proofs', ...upload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileId;
}

/** A quote of `amount` USDT and a proof, ready to submit. */
async function readyDeposit(
  browser: Browser,
  amount: string,
): Promise<{ quoteId: string; proofFileId: string }> {
  const quoted = await quote(browser, amount);
  expect(quoted.statusCode, quoted.body).toBe(200);
  return { quoteId: quoted.json().id, proofFileId: await proof(browser) };
}

function submit(browser: Browser, body: { quoteId: string; proofFileId: string }) {
  return browser.request({ method: 'POST', url: '/api/deposits', payload: body });
}

function withdraw(browser: Browser, amount: string) {
  return browser.post('/api/withdrawals', { amount, ...PAYOUTS.bank });
}

async function countRows(table: typeof deposits | typeof withdrawals, userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
}

describe('withdrawals need a verified identity (the default)', () => {
  test('an unverified account is refused outright with a reason and the way to /identity; nothing is reserved', async () => {
    const { user, browser } = await customer(100_00n);
    const res = await withdraw(browser, '0.01');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'IDENTITY_REQUIRED',
      message: 'Withdrawals need a verified identity. Verify your identity at /identity to withdraw.',
    });
    expect(await countRows(withdrawals, user.id)).toBe(0);
  });

  test.each(['pending', 'declined'] as const)(
    'a %s identity is not verified: refused too',
    async (status) => {
      const { browser } = await customer(100_00n, status);
      expect((await withdraw(browser, '10')).json().code).toBe('IDENTITY_REQUIRED');
    },
  );

  test('a verified account withdraws without limit', async () => {
    const { browser } = await customer(10_000_000_00n, 'verified');
    const res = await withdraw(browser, '9000000');
    expect(res.statusCode, res.body).toBe(200);
    expect((await withdraw(browser, '1000000')).statusCode).toBe(200);
  });
});

describe('the 30-day withdrawal limit of an unverified account (when not refused outright)', () => {
  beforeEach(() => setIdentityLimits({ needVerified: false, withdrawalCents: 100_00n }));

  test('equal to the limit is allowed, one cent over is refused with what is left', async () => {
    const { user, browser } = await customer(1_000_00n);
    expect((await withdraw(browser, '60')).statusCode).toBe(200);
    const over = await withdraw(browser, '40.01');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      code: 'VERIFICATION_LIMIT',
      message:
        'Unverified accounts can withdraw at most $100.00 in 30 days; you can withdraw $40.00 more. ' +
        'Verify your identity at /identity to lift this limit.',
    });
    expect((await withdraw(browser, '40')).statusCode).toBe(200);
    expect((await withdraw(browser, '0.01')).json().code).toBe('VERIFICATION_LIMIT');
    expect(await countRows(withdrawals, user.id)).toBe(2);
  });

  test('cancelled and rejected requests do not count', async () => {
    const { browser } = await customer(1_000_00n);
    const first = await withdraw(browser, '100');
    expect(first.statusCode, first.body).toBe(200);
    const cancelled = await browser.post(`/api/withdrawals/${first.json().id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await withdraw(browser, '100');
    expect(second.statusCode, second.body).toBe(200);
    const rejected = await admin.browser.post(`/api/admin/withdrawals/${second.json().id}/reject`, {
      reason: 'Details do not match',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await withdraw(browser, '100')).statusCode).toBe(200);
  });

  test('a request counts for 30 days: refused until the window passes it, allowed from then on', async () => {
    const { browser } = await customer(1_000_00n);
    expect((await withdraw(browser, '100')).statusCode).toBe(200);
    clock.advance(WINDOW_MS - 1);
    expect((await withdraw(browser, '0.01')).json().code).toBe('VERIFICATION_LIMIT');
    clock.advance(1);
    const after = await withdraw(browser, '100');
    expect(after.statusCode, after.body).toBe(200);
  });

  test('the default limit of $0.00 refuses any amount', async () => {
    await setIdentityLimits({ needVerified: false });
    const { browser } = await customer(100_00n);
    const res = await withdraw(browser, '0.01');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('you can withdraw $0.00 more');
  });

  test('simultaneous requests cannot pass the limit together: 10 × $30 against $100 → exactly 3', async () => {
    const { user, browser } = await customer(1_000_00n);
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(browser, '30')));
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 422)).toHaveLength(7);
    expect(await countRows(withdrawals, user.id)).toBe(3);
  });
});

describe('the 30-day deposit limit of an unverified account (default $1,000.00)', () => {
  test('equal to the limit is allowed, one cent over is refused at the quote and at submission', async () => {
    const { user, browser } = await customer(0n);
    const first = await submit(browser, await readyDeposit(browser, '600'));
    expect(first.statusCode, first.body).toBe(200);
    const over = await quote(browser, '400.01');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      code: 'VERIFICATION_LIMIT',
      message:
        'Unverified accounts can deposit at most $1,000.00 in 30 days; you can deposit $400.00 more. ' +
        'Verify your identity at /identity to lift this limit.',
    });
    // A quote that fit when it was made is checked again when the deposit is submitted.
    const ready = await readyDeposit(browser, '400');
    await insertPendingDeposit(t.db, user.id, { amountMinor: 1n, createdAt: clock.now() });
    const late = await submit(browser, ready);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('you can deposit $399.99 more');
    await t.db.delete(deposits).where(and(eq(deposits.userId, user.id), eq(deposits.amountMinor, 1n)));
    const exact = await submit(browser, ready);
    expect(exact.statusCode, exact.body).toBe(200);
    expect((await quote(browser, '0.01')).json().code).toBe('VERIFICATION_LIMIT');
  });

  test('rejected deposits do not count; pending and approved ones do', async () => {
    const { user, browser } = await customer(0n);
    await insertPendingDeposit(t.db, user.id, {
      amountMinor: 1_000_00n,
      status: 'rejected',
      createdAt: clock.now(),
    });
    expect((await quote(browser, '1000')).statusCode).toBe(200);
    await insertPendingDeposit(t.db, user.id, { amountMinor: 500_00n, createdAt: clock.now() });
    expect((await quote(browser, '500')).statusCode).toBe(200);
    expect((await quote(browser, '500.01')).statusCode).toBe(422);
  });

  test('a deposit made 30 days ago less a millisecond counts; one made exactly 30 days ago does not', async () => {
    const { user, browser } = await customer(0n);
    const old = await insertPendingDeposit(t.db, user.id, {
      amountMinor: 1_000_00n,
      createdAt: new Date(clock.now().getTime() - WINDOW_MS + 1),
    });
    expect((await quote(browser, '0.01')).statusCode).toBe(422);
    await t.db
      .update(deposits)
      .set({ createdAt: new Date(clock.now().getTime() - WINDOW_MS) })
      .where(eq(deposits.id, old.id));
    expect((await quote(browser, '1000')).statusCode).toBe(200);
  });

  test('a verified account deposits without limit', async () => {
    const { browser } = await customer(0n, 'verified');
    const res = await submit(browser, await readyDeposit(browser, '50000'));
    expect(res.statusCode, res.body).toBe(200);
  });

  test('simultaneous submissions cannot pass the limit together: 10 × $300 against $1,000 → exactly 3', async () => {
    const { user, browser } = await customer(0n);
    const ready = [];
    for (let i = 0; i < 10; i++) ready.push(await readyDeposit(browser, '300'));
    const results = await Promise.all(ready.map((body) => submit(browser, body)));
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 422)).toHaveLength(7);
    expect(await countRows(deposits, user.id)).toBe(3);
  });
});

describe('GET /api/verification-limits: what the customer may still do', () => {
  test('an unverified account reads its limits and what is left of them', async () => {
    const { user, browser } = await customer(0n);
    await insertPendingDeposit(t.db, user.id, { amountMinor: 250_00n, createdAt: clock.now() });
    const res = await browser.request({ method: 'GET', url: '/api/verification-limits' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      identityStatus: 'unverified',
      limited: true,
      withdrawalsNeedVerifiedIdentity: true,
      depositLimit: '1000.00',
      depositRemaining: '750.00',
      withdrawalLimit: '0.00',
      withdrawalRemaining: '0.00',
    });
  });

  test('with withdrawals allowed, the withdrawal limit and what is left', async () => {
    await setIdentityLimits({ needVerified: false, withdrawalCents: 100_00n });
    const { browser } = await customer(1_000_00n);
    expect((await withdraw(browser, '30')).statusCode).toBe(200);
    const res = await browser.request({ method: 'GET', url: '/api/verification-limits' });
    expect(res.json()).toMatchObject({ withdrawalLimit: '100.00', withdrawalRemaining: '70.00' });
  });

  test('a verified account has no limits', async () => {
    const { browser } = await customer(0n, 'verified');
    const res = await browser.request({ method: 'GET', url: '/api/verification-limits' });
    expect(res.json()).toMatchObject({
      identityStatus: 'verified',
      limited: false,
      depositLimit: null,
      withdrawalRemaining: null,
    });
  });

  test('an anonymous visitor gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/verification-limits' })).statusCode).toBe(401);
  });
});
