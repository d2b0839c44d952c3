import { randomBytes, randomUUID } from 'node:crypto';
import { COINS } from '@candor/contracts/coins';
import { DEPOSIT_QUOTE_SECONDS } from '@candor/contracts/deposits';
import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import type { Quote } from '@candor/contracts/market';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { depositQuotes, deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { insertPendingDeposit } from '../../test/deposits.ts';
import { insertSignedInUser, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { readMessagesOf } from '../../test/messages.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';

const ADDRESSES = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
} as const;

const t = useTestApp();
/** A Bitcoin transaction id (and, as text, a Tron one): 64 hexadecimal characters. */
const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const ETH_HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';
const admin = useSignedInUser(t, { role: 'admin' });

beforeAll(async () => {
  await t.db
    .insert(walletAddresses)
    .values(COINS.map((coin) => ({ coin, address: ADDRESSES[coin], updatedBy: admin.user.id })));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function priceQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    symbol: 'BTCUSD',
    price: '67234.12',
    time: new Date().toISOString(),
    source: 'simulated',
    stale: false,
    change24hPercent: null,
    ...overrides,
  };
}

/** Fixes the market's answer, so the conversion is known. */
function fixPrice(overrides: Partial<Quote> = {}) {
  return vi
    .spyOn(t.app.market.live, 'quote')
    .mockImplementation((symbol) => priceQuote({ symbol, ...overrides }));
}

async function customer(overrides: Partial<TestUser> = {}): Promise<{ user: TestUser; browser: Browser }> {
  return insertSignedInUser(t, overrides);
}

function requestQuote(browser: Browser, body: object) {
  return browser.request({ method: 'POST', url: '/api/deposit-quotes', payload: body });
}

async function uploadProof(browser: Browser) {
  const upload = multipartUpload({
    filename: 'proof.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  return browser.request({ method: 'POST', url: '/api/deposits/proofs', ...upload });
}

function submit(browser: Browser, body: object, key?: string) {
  return browser.request({
    method: 'POST',
    url: '/api/deposits',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

/** Both decisions need a reason (an approval's since decision 044); these are the usual ones. */
const REASONS = { approve: 'Payment seen on chain', reject: 'No payment received' } as const;

function decide(id: string, decision: 'approve' | 'reject', options: { key?: string; reason?: string } = {}) {
  return admin.browser.request({
    method: 'POST',
    url: `/api/admin/deposits/${id}/${decision}`,
    payload: { reason: options.reason ?? REASONS[decision] },
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
}

/** Quote → proof → pending deposit through the API; returns the deposit's answer. */
async function depositThroughApi(browser: Browser, amount = '100', coin = 'bitcoin') {
  fixPrice();
  const quote = await requestQuote(browser, { amount, coin });
  expect(quote.statusCode).toBe(200);
  const proof = await uploadProof(browser);
  expect(proof.statusCode).toBe(200);
  const res = await submit(browser, { quoteId: quote.json().id, proofFileId: proof.json().fileId });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; status: string };
}

async function balancesOf(browser: Browser) {
  const res = await browser.request({ method: 'GET', url: '/api/me/balances' });
  expect(res.statusCode).toBe(200);
  return res.json() as { total: string; deposits: string; available: string };
}

/** The audit rows of a deposit's approval. */
function approvalAuditsOf(depositId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'deposit.approve'), eq(auditLog.targetId, depositId)));
}

async function depositEntriesOf(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'deposit')));
  return row?.n ?? 0;
}

describe('POST /api/deposit-quotes', () => {
  test('converts USD into the coin at the market rate, rounded up to 6 decimals, valid one hour', async () => {
    const { browser, user } = await customer();
    fixPrice({ price: '67234.12', source: 'simulated' });
    const before = Date.now();
    const res = await requestQuote(browser, { amount: '100', coin: 'bitcoin' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 100 / 67234.12 = 0.00148733… → rounded up
    expect(body).toEqual({
      id: expect.any(String),
      amount: '100.00',
      coin: 'bitcoin',
      cryptoAmount: '0.001488',
      rate: '67234.12',
      rateSource: 'simulated',
      address: ADDRESSES.bitcoin,
      expiresAt: expect.any(String),
    });
    const lifetime = new Date(body.expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(DEPOSIT_QUOTE_SECONDS * 1000);
    expect(lifetime).toBeLessThan(DEPOSIT_QUOTE_SECONDS * 1000 + 10_000);
    const [row] = await t.db.select().from(depositQuotes).where(eq(depositQuotes.id, body.id));
    expect(row).toMatchObject({ userId: user.id, amountMinor: 10_000n, cryptoAmountBaseUnits: '148800' });
  });

  test('Ethereum is priced from ETHUSD and its source is named', async () => {
    const { browser } = await customer();
    const spy = fixPrice({ price: '3000', source: 'coingecko' });
    const res = await requestQuote(browser, { amount: '1000', coin: 'ethereum' });
    expect(res.statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith('ETHUSD');
    expect(res.json()).toMatchObject({ cryptoAmount: '0.333334', rate: '3000', rateSource: 'coingecko' });
  });

  test('USDT is taken at 1 USD without asking the market', async () => {
    const { browser } = await customer();
    const spy = fixPrice();
    const res = await requestQuote(browser, { amount: '25.5', coin: 'usdt' });
    expect(res.statusCode).toBe(200);
    expect(spy).not.toHaveBeenCalled();
    expect(res.json()).toMatchObject({
      amount: '25.50',
      cryptoAmount: '25.500000',
      rate: '1.00',
      rateSource: 'fixed',
      address: ADDRESSES.usdt,
    });
  });

  test('a stale price is refused with PRICE_UNAVAILABLE', async () => {
    const { browser } = await customer();
    fixPrice({ stale: true });
    const res = await requestQuote(browser, { amount: '100', coin: 'bitcoin' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PRICE_UNAVAILABLE');
  });

  test('a coin without a deposit address is refused with WALLET_NOT_CONFIGURED', async () => {
    const { browser } = await customer();
    fixPrice();
    await t.db.delete(walletAddresses).where(eq(walletAddresses.coin, 'ethereum'));
    try {
      const res = await requestQuote(browser, { amount: '100', coin: 'ethereum' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'WALLET_NOT_CONFIGURED',
        message: 'Deposits by Ethereum(ETH) are not available yet.',
      });
    } finally {
      await t.db
        .insert(walletAddresses)
        .values({ coin: 'ethereum', address: ADDRESSES.ethereum, updatedBy: admin.user.id });
    }
  });

  test.each([
    [{ coin: 'bitcoin' }, 'Input an amount'],
    [{ amount: '', coin: 'bitcoin' }, 'Input an amount'],
    [{ amount: '0', coin: 'bitcoin' }, 'The amount must be greater than zero'],
    [{ amount: '1.234', coin: 'bitcoin' }, 'Amounts have at most 2 decimals'],
    [{ amount: '10', coin: 'dogecoin' }, 'coin'],
  ])('%j is refused: %s', async (body, message) => {
    const { browser } = await customer();
    const res = await requestQuote(browser, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  test('a suspended customer is refused', async () => {
    const { browser } = await customer({ status: 'suspended' });
    fixPrice();
    const res = await requestQuote(browser, { amount: '100', coin: 'bitcoin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ACCOUNT_INACTIVE', message: INACTIVE_ACCOUNT_MESSAGE });
    const proof = await uploadProof(browser);
    expect(proof.statusCode).toBe(403);
  });

  test('anonymous callers are refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deposit-quotes',
      payload: { amount: '1', coin: 'usdt' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("the transaction hash is written as the quote's coin writes it (QA finding 8)", () => {
  test.each([
    [
      'text that is no hash',
      'bitcoin',
      'not a hash!!',
      'A transaction hash is 64 characters, 0-9 and a-f (0x first for Ethereum)',
    ],
    [
      'an Ethereum hash on a Bitcoin quote',
      'bitcoin',
      ETH_HASH,
      'A Bitcoin transaction hash is 64 characters, 0-9 and a-f',
    ],
    [
      'a Bitcoin-style hash on an Ethereum quote',
      'ethereum',
      BTC_HASH,
      'An Ethereum transaction hash is 0x followed by 64 characters, 0-9 and a-f',
    ],
    [
      'an Ethereum hash on a USDT (TRC-20) quote',
      'usdt',
      ETH_HASH,
      'A USDT (TRC-20) transaction hash is 64 characters, 0-9 and a-f',
    ],
  ])("%s: 400 with the coin's words, no deposit", async (_name, coin, hash, message) => {
    const { browser, user } = await customer();
    fixPrice();
    const quote = (await requestQuote(browser, { amount: '10', coin })).json();
    const proof = (await uploadProof(browser)).json();
    const res = await submit(
      browser,
      { quoteId: quote.id, proofFileId: proof.fileId, transactionHash: hash },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, user.id))).toEqual([]);
  });

  test.each([
    ['bitcoin', BTC_HASH.toUpperCase()],
    ['ethereum', ETH_HASH],
    ['usdt', BTC_HASH],
  ])('a %s hash written as its coin writes it is kept; none at all is fine too', async (coin, hash) => {
    const { browser } = await customer();
    fixPrice();
    for (const transactionHash of [hash, undefined]) {
      const quote = (await requestQuote(browser, { amount: '10', coin })).json();
      const proof = (await uploadProof(browser)).json();
      const res = await submit(
        browser,
        { quoteId: quote.id, proofFileId: proof.fileId, transactionHash },
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().transactionHash).toBe(transactionHash ?? null);
    }
  });
});

describe('a deposit from quote to approval', () => {
  test('quote → proof → pending deposit → approve credits the balance and the deposit total', async () => {
    const { browser, user } = await customer();
    fixPrice();
    const quote = (await requestQuote(browser, { amount: '100', coin: 'bitcoin' })).json();
    const proofRes = await uploadProof(browser);
    expect(proofRes.statusCode).toBe(200);
    const proof = proofRes.json();
    expect(proof).toEqual({ fileId: expect.any(String), url: `/api/files/${proof.fileId}` });
    const [file] = await t.db.select().from(files).where(eq(files.id, proof.fileId));
    expect(file).toMatchObject({ purpose: 'proof_of_payment', visibility: 'private', ownerUserId: user.id });

    const res = await submit(
      browser,
      { quoteId: quote.id, proofFileId: proof.fileId, transactionHash: `  ${BTC_HASH}  ` },
      randomUUID(),
    );
    expect(res.statusCode).toBe(200);
    const deposit = res.json();
    expect(deposit).toMatchObject({
      amount: '100.00',
      coin: 'bitcoin',
      cryptoAmount: '0.001488',
      rate: '67234.12',
      rateSource: 'simulated',
      address: ADDRESSES.bitcoin,
      transactionHash: BTC_HASH,
      status: 'pending',
      decisionReason: null,
      quoteExpiresAt: quote.expiresAt,
      decidedAt: null,
    });
    expect((await balancesOf(browser)).total).toBe('0.00');

    // The customer's history shows it.
    const history = (await browser.request({ method: 'GET', url: '/api/deposits' })).json();
    expect(history).toMatchObject({
      page: 1,
      pageCount: 1,
      total: 1,
      items: [{ id: deposit.id, status: 'pending' }],
    });

    // The administrator sees it with the proof, and the proof file opens for them.
    const detail = await admin.browser.request({ method: 'GET', url: `/api/admin/deposits/${deposit.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: deposit.id,
      userId: user.id,
      customerName: user.name,
      customerEmail: user.email,
      proof: { fileId: proof.fileId, url: proof.url, contentType: 'image/png' },
      decidedBy: null,
    });
    expect((await admin.browser.request({ method: 'GET', url: proof.url })).statusCode).toBe(200);

    const approved = await decide(deposit.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decidedAt: expect.any(String),
      decidedBy: { id: admin.user.id, name: admin.user.name },
    });
    expect(await balancesOf(browser)).toMatchObject({
      total: '100.00',
      available: '100.00',
      deposits: '100.00',
    });
    expect(await depositEntriesOf(user.id)).toBe(1);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.entryId).not.toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.approve'), eq(auditLog.targetId, deposit.id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetType: 'deposit',
      reason: REASONS.approve,
      before: { status: 'pending' },
    });

    // A second decision changes nothing.
    const again = await decide(deposit.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This deposit was already approved' });
    const reject = await decide(deposit.id, 'reject');
    expect(reject.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This deposit was already approved' });
    expect((await balancesOf(browser)).total).toBe('100.00');
  });

  test('a rejection moves no money, keeps its reason for the customer and is audited', async () => {
    const { browser, user } = await customer();
    const deposit = await depositThroughApi(browser, '40', 'ethereum');
    const res = await decide(deposit.id, 'reject', { reason: '  Nothing arrived at the address  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      decisionReason: 'Nothing arrived at the address',
    });
    expect((await balancesOf(browser)).total).toBe('0.00');
    expect(await depositEntriesOf(user.id)).toBe(0);
    const history = (await browser.request({ method: 'GET', url: '/api/deposits' })).json();
    expect(history.items[0]).toMatchObject({
      status: 'rejected',
      decisionReason: 'Nothing arrived at the address',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.reject'), eq(auditLog.targetId, deposit.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, reason: 'Nothing arrived at the address' });
    const again = await decide(deposit.id, 'approve');
    expect(again.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This deposit was already rejected' });
  });

  test('a rejection reason asking the customer to pay is refused with 422 PAYMENT_DEMAND; the deposit stays pending', async () => {
    const { user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id);
    const res = await decide(row.id, 'reject', {
      reason: 'Pay the $300 release fee to unlock your withdrawal',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    const detail = await admin.browser.request({ method: 'GET', url: `/api/admin/deposits/${row.id}` });
    expect(detail.json()).toMatchObject({ status: 'pending', decisionReason: null });
    expect(await depositEntriesOf(user.id)).toBe(0);
    // An approval's reason is read by staff only: quoting a scam there is allowed.
    const approved = await decide(row.id, 'approve', {
      reason: 'Checked on chain; the customer reported a site asking for a release fee',
    });
    expect(approved.statusCode).toBe(200);
  });

  test('a rejection needs a reason', async () => {
    const { user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id);
    const res = await admin.browser.request({
      method: 'POST',
      url: `/api/admin/deposits/${row.id}/reject`,
      payload: { reason: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Reason is required');
  });

  test('an unknown deposit is 404 "Deposit not found"', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const res of [
        await admin.browser.request({ method: 'GET', url: `/api/admin/deposits/${id}` }),
        await decide(id, 'approve'),
        await decide(id, 'reject'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Deposit not found' });
      }
    }
  });
});

describe('POST /api/deposits refuses', () => {
  test('an expired quote with QUOTE_EXPIRED "Expired Payment Link"', async () => {
    const { browser, user } = await customer();
    const [quote] = await t.db
      .insert(depositQuotes)
      .values({
        userId: user.id,
        amountMinor: 5_000n,
        coin: 'usdt',
        cryptoAmountBaseUnits: '50000000',
        rate: '1.00',
        rateSource: 'fixed',
        address: ADDRESSES.usdt,
        createdAt: new Date(Date.now() - (DEPOSIT_QUOTE_SECONDS + 1) * 1000),
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    const proof = (await uploadProof(browser)).json();
    const res = await submit(browser, { quoteId: quote?.id, proofFileId: proof.fileId });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ code: 'QUOTE_EXPIRED', message: 'Expired Payment Link' });
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, user.id))).toHaveLength(0);
  });

  test("another customer's quote or proof (404), and unknown ids", async () => {
    const alice = await customer();
    const bob = await customer();
    fixPrice();
    const aliceQuote = (await requestQuote(alice.browser, { amount: '10', coin: 'usdt' })).json();
    const aliceProof = (await uploadProof(alice.browser)).json();
    const bobQuote = (await requestQuote(bob.browser, { amount: '10', coin: 'usdt' })).json();
    const bobProof = (await uploadProof(bob.browser)).json();

    const otherQuote = await submit(bob.browser, { quoteId: aliceQuote.id, proofFileId: bobProof.fileId });
    expect(otherQuote.statusCode).toBe(404);
    expect(otherQuote.json()).toEqual({ code: 'NOT_FOUND', message: 'Payment link not found' });

    const otherProof = await submit(bob.browser, { quoteId: bobQuote.id, proofFileId: aliceProof.fileId });
    expect(otherProof.statusCode).toBe(404);
    expect(otherProof.json()).toEqual({ code: 'NOT_FOUND', message: 'Proof of payment not found' });

    const unknown = await submit(bob.browser, { quoteId: randomUUID(), proofFileId: bobProof.fileId });
    expect(unknown.statusCode).toBe(404);
    // Bob cannot read Alice's proof either.
    expect((await bob.browser.request({ method: 'GET', url: aliceProof.url })).statusCode).toBe(404);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, bob.user.id))).toHaveLength(0);
  });

  test('a second deposit on the same quote, and a proof used twice (409 CONFLICT)', async () => {
    const { browser } = await customer();
    fixPrice();
    const quote = (await requestQuote(browser, { amount: '10', coin: 'usdt' })).json();
    const proof = (await uploadProof(browser)).json();
    expect((await submit(browser, { quoteId: quote.id, proofFileId: proof.fileId })).statusCode).toBe(200);

    const second = await submit(browser, {
      quoteId: quote.id,
      proofFileId: (await uploadProof(browser)).json().fileId,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'CONFLICT',
      message: 'A deposit was already submitted for this payment link',
    });

    const otherQuote = (await requestQuote(browser, { amount: '10', coin: 'usdt' })).json();
    const reusedProof = await submit(browser, { quoteId: otherQuote.id, proofFileId: proof.fileId });
    expect(reusedProof.statusCode).toBe(409);
  });

  test('a suspended customer, even with a valid quote and proof', async () => {
    const { browser, user } = await customer();
    fixPrice();
    const quote = (await requestQuote(browser, { amount: '10', coin: 'usdt' })).json();
    const proof = (await uploadProof(browser)).json();
    await t.db.execute(sql`update users set status = 'suspended' where id = ${user.id}`);
    const res = await submit(browser, { quoteId: quote.id, proofFileId: proof.fileId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
  });

  test('a proof upload without a file', async () => {
    const { browser } = await customer();
    const res = await browser.request({ method: 'POST', url: '/api/deposits/proofs', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FILE_REQUIRED');
  });
});

describe('idempotency', () => {
  test('replaying POST /api/deposits with the same key returns the same body and records one deposit', async () => {
    const { browser, user } = await customer();
    fixPrice();
    const quote = (await requestQuote(browser, { amount: '10', coin: 'usdt' })).json();
    const proof = (await uploadProof(browser)).json();
    const body = { quoteId: quote.id, proofFileId: proof.fileId };
    const key = randomUUID();
    const first = await submit(browser, body, key);
    const replay = await submit(browser, body, key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, user.id))).toHaveLength(1);

    const reused = await submit(browser, { ...body, transactionHash: BTC_HASH }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  test('replaying an approval with the same key returns the same body and credits once', async () => {
    const { browser, user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 7_000n });
    const key = randomUUID();
    const first = await decide(row.id, 'approve', { key });
    const replay = await decide(row.id, 'approve', { key });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await balancesOf(browser)).total).toBe('70.00');
    expect(await depositEntriesOf(user.id)).toBe(1);
    expect(await approvalAuditsOf(row.id)).toHaveLength(1);

    // The same key on another deposit is another request.
    const other = await insertPendingDeposit(t.db, user.id);
    const reused = await decide(other.id, 'approve', { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await balancesOf(browser)).total).toBe('70.00');
  });

  test('the same approval sent four times at once credits once, audits once, and answers each the same', async () => {
    const { browser, user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 4_200n });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => decide(row.id, 'approve', { key })));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    expect((await balancesOf(browser)).total).toBe('42.00');
    expect(await depositEntriesOf(user.id)).toBe(1);
    expect(await approvalAuditsOf(row.id)).toHaveLength(1);
  });
});

describe('an approval needs a reason (decision 044)', () => {
  test.each([
    ['no body', undefined, 'Reason is required'],
    ['no reason', {}, 'reason: Reason is required'],
    ['a blank reason', { reason: ' \n  ' }, 'reason: Reason is required'],
    [
      'a reason of 501 characters',
      { reason: 'x'.repeat(501) },
      'reason: The reason can be at most 500 characters',
    ],
  ])(
    '%s is refused (400) and nothing moves: no credit, no decision, no audit row',
    async (_, payload, message) => {
      const { browser, user } = await customer();
      const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 5_000n });
      const res = await admin.browser.request({
        method: 'POST',
        url: `/api/admin/deposits/${row.id}/approve`,
        headers: { 'idempotency-key': randomUUID() },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
      expect(await balancesOf(browser)).toMatchObject({ total: '0.00', deposits: '0.00' });
      expect(await depositEntriesOf(user.id)).toBe(0);
      expect(await approvalAuditsOf(row.id)).toHaveLength(0);
      const [stored] = await t.db.select().from(deposits).where(eq(deposits.id, row.id));
      expect(stored).toMatchObject({ status: 'pending', decidedBy: null, entryId: null });
    },
  );

  test('the reason, trimmed, is the audit row’s; the customer does not see it', async () => {
    const { browser, user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 2_000n });
    const res = await decide(row.id, 'approve', { reason: '  Matches the wallet’s incoming transfer  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decisionReason: null });
    const audits = await approvalAuditsOf(row.id);
    expect(audits.map((audit) => audit.reason)).toEqual(['Matches the wallet’s incoming transfer']);
    const history = (await browser.request({ method: 'GET', url: '/api/deposits' })).json();
    expect(history.items).toEqual([expect.objectContaining({ id: row.id, decisionReason: null })]);
  });

  test('a retry with the same key and reason replays; the same key with another reason is refused', async () => {
    const { browser, user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 3_000n });
    const key = randomUUID();
    const first = await decide(row.id, 'approve', { key, reason: 'Seen on chain' });
    // Trimmed, it is the same request.
    const replay = await decide(row.id, 'approve', { key, reason: ' Seen on chain ' });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const reused = await decide(row.id, 'approve', { key, reason: 'Another reason' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await balancesOf(browser)).total).toBe('30.00');
    expect(await depositEntriesOf(user.id)).toBe(1);
    expect((await approvalAuditsOf(row.id)).map((audit) => audit.reason)).toEqual(['Seen on chain']);
  });
});

describe('the customer is told of the decision in their Messages', () => {
  const sentAt = new Date('2026-11-20T10:00:15Z');

  test("an approval: the amount added, without the staff's reason or name; a second decision tells nothing more", async () => {
    const { browser, user } = await customer({ name: 'Ada Lovelace' });
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 250_000n, createdAt: sentAt });
    expect((await decide(row.id, 'approve', { reason: 'Seen on chain by the night desk' })).statusCode).toBe(
      200,
    );
    expect((await decide(row.id, 'approve')).statusCode).toBe(409);
    expect((await decide(row.id, 'reject')).statusCode).toBe(409);
    const messages = await readMessagesOf(browser);
    expect(messages).toEqual([
      expect.objectContaining({
        subject: 'Candor: deposit of $2,500.00 approved',
        text:
          'Hello Ada Lovelace,\n\nYour deposit of $2,500.00 in USDT(Trc20), sent on 2026-11-20 10:00 UTC, ' +
          'was approved: $2,500.00 was added to your balance.',
      }),
    ]);
    expect(JSON.stringify(messages)).not.toContain(admin.user.name);
  });

  test('a rejection: nothing added, with the reason the customer also reads in their history', async () => {
    const { browser, user } = await customer({ name: 'Ada Lovelace' });
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 4_000n, createdAt: sentAt });
    expect((await decide(row.id, 'reject', { reason: '  Nothing arrived at the address ' })).statusCode).toBe(
      200,
    );
    expect(await readMessagesOf(browser)).toEqual([
      expect.objectContaining({
        subject: 'Candor: deposit of $40.00 rejected',
        text:
          'Hello Ada Lovelace,\n\nYour deposit of $40.00 in USDT(Trc20), sent on 2026-11-20 10:00 UTC, ' +
          'was rejected. Nothing was added to your balance.\n\nReason: Nothing arrived at the address',
      }),
    ]);
  });

  test('a refused decision tells nothing; the same approval sent many times at once tells once', async () => {
    const { browser, user } = await customer();
    const refused = await insertPendingDeposit(t.db, user.id);
    const demand = await decide(refused.id, 'reject', {
      reason: 'Pay the $300 release fee to unlock your withdrawal',
    });
    expect(demand.statusCode).toBe(422);
    expect(await readMessagesOf(browser)).toEqual([]);
    const key = randomUUID();
    await Promise.all(Array.from({ length: 4 }, () => decide(refused.id, 'approve', { key })));
    await Promise.all(Array.from({ length: 4 }, () => decide(refused.id, 'approve')));
    expect((await readMessagesOf(browser)).map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Candor: deposit of \$[\d,.]+ approved$/),
    ]);
  });
});

describe('concurrent decisions', () => {
  test('fifty simultaneous approvals of one deposit credit once', async () => {
    const { browser, user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 12_345n });
    const answers = await Promise.all(Array.from({ length: 50 }, () => decide(row.id, 'approve')));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This deposit was already approved' });
    }
    expect(await balancesOf(browser)).toMatchObject({ total: '123.45', deposits: '123.45' });
    expect(await depositEntriesOf(user.id)).toBe(1);
  });

  test('ten simultaneous submissions on one quote (different keys) record one deposit', async () => {
    const { browser, user } = await customer();
    fixPrice();
    const quote = (await requestQuote(browser, { amount: '10', coin: 'usdt' })).json();
    const proofs = await Promise.all(Array.from({ length: 10 }, () => uploadProof(browser)));
    const answers = await Promise.all(
      proofs.map((proof) =>
        submit(browser, { quoteId: quote.id, proofFileId: proof.json().fileId }, randomUUID()),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, user.id))).toHaveLength(1);
  });

  test('an approval racing a rejection: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { browser, user } = await customer();
      const row = await insertPendingDeposit(t.db, user.id, { amountMinor: 1_000n });
      const [approve, reject] = await Promise.all([decide(row.id, 'approve'), decide(row.id, 'reject')]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const [stored] = await t.db.select().from(deposits).where(eq(deposits.id, row.id));
      const credited = approve.statusCode === 200;
      expect(stored?.status).toBe(credited ? 'approved' : 'rejected');
      expect((await balancesOf(browser)).total).toBe(credited ? '10.00' : '0.00');
      expect(await depositEntriesOf(user.id)).toBe(credited ? 1 : 0);
    }
  });
});

describe('GET /api/deposits (history)', () => {
  test('newest first, ten a page, only the customer’s own', async () => {
    const { browser, user } = await customer();
    const other = await customer();
    await insertPendingDeposit(t.db, other.user.id);
    const start = Date.now() - 100_000;
    for (let i = 0; i < 12; i++) {
      await insertPendingDeposit(t.db, user.id, {
        amountMinor: BigInt((i + 1) * 100),
        createdAt: new Date(start + i * 1000),
      });
    }
    const first = (await browser.request({ method: 'GET', url: '/api/deposits' })).json();
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ amount: '12.00', coin: 'usdt', cryptoAmount: '25.000000' });
    const second = (await browser.request({ method: 'GET', url: '/api/deposits?page=2' })).json();
    expect(second.items.map((d: { amount: string }) => d.amount)).toEqual(['2.00', '1.00']);
  });

  test('an empty history', async () => {
    const { browser } = await customer();
    const res = await browser.request({ method: 'GET', url: '/api/deposits' });
    expect(res.json()).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe('GET /api/admin/deposits', () => {
  test('searches by part of the e-mail, case-insensitively, ten a page, newest first', async () => {
    const tag = randomBytes(4).toString('hex');
    const { user } = await customer({ email: `Searchable.${tag}@Example.test` });
    const start = Date.now() - 200_000;
    for (let i = 0; i < 11; i++) {
      await insertPendingDeposit(t.db, user.id, {
        amountMinor: BigInt((i + 1) * 100),
        createdAt: new Date(start + i * 1000),
      });
    }
    const first = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/deposits?search=SEARCHABLE.${tag}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageCount: 2, total: 11 });
    expect(first.json().items).toHaveLength(10);
    expect(first.json().items[0]).toMatchObject({
      userId: user.id,
      email: user.email,
      amount: '11.00',
      coin: 'usdt',
      status: 'pending',
    });
    const second = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/deposits?search=${tag}&page=2`,
    });
    expect(second.json().items.map((d: { amount: string }) => d.amount)).toEqual(['1.00']);

    const none = await admin.browser.request({ method: 'GET', url: '/api/admin/deposits?search=%25nobody_' });
    expect(none.json()).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });

    const all = (await admin.browser.request({ method: 'GET', url: '/api/admin/deposits' })).json();
    const [counted] = await t.db.select({ n: count() }).from(deposits);
    expect(all.total).toBe(counted?.n);
    const [newest] = await t.db.select().from(deposits).orderBy(desc(deposits.createdAt)).limit(1);
    expect(all.items[0].id).toBe(newest?.id);
  });

  test('a client is refused every admin deposit route (403)', async () => {
    const { browser, user } = await customer();
    const row = await insertPendingDeposit(t.db, user.id);
    for (const res of [
      await browser.request({ method: 'GET', url: '/api/admin/deposits' }),
      await browser.request({ method: 'GET', url: `/api/admin/deposits/${row.id}` }),
      await browser.request({
        method: 'POST',
        url: `/api/admin/deposits/${row.id}/approve`,
        payload: { reason: 'x' },
      }),
      await browser.request({
        method: 'POST',
        url: `/api/admin/deposits/${row.id}/reject`,
        payload: { reason: 'x' },
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [stored] = await t.db.select().from(deposits).where(eq(deposits.id, row.id));
    expect(stored?.status).toBe('pending');
  });
});

test('the deposit routes are in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = Object.keys(res.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/deposit-quotes',
      '/api/deposits',
      '/api/deposits/proofs',
      '/api/admin/deposits',
      '/api/admin/deposits/{id}',
      '/api/admin/deposits/{id}/approve',
      '/api/admin/deposits/{id}/reject',
    ]),
  );
});
