import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { findWalletAddress } from './wallets.repository.ts';

/**
 * The deposit addresses on a one-person install (four-eyes off, threshold 0): a change is in force at
 * once, with its reason on the record. With four-eyes on, see wallet-changes.routes.test.ts.
 */
const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
const client = useSignedInUser(t);

const valid = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};
const other = {
  bitcoin: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  ethereum: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  usdt: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
};

beforeEach(async () => {
  await requireSiteSettings(t.db);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 0n }).where(eq(siteSettings.id, 1));
});

const REASON = 'New cold wallet, keys checked';

function read(as: Browser = admin.browser) {
  return as.request({ method: 'GET', url: '/api/admin/wallet-addresses' });
}

/** Saves the wallet form, with a reason unless the body says otherwise. */
function put(body: object, as: Browser = admin.browser) {
  return as.request({
    method: 'PUT',
    url: '/api/admin/wallet-addresses',
    payload: { reason: REASON, ...body },
  });
}

async function latestAudit() {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

describe('an administrator sets the deposit addresses', () => {
  test('before anyone sets them, every address is null', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bitcoin: null,
      ethereum: null,
      usdt: null,
      updatedAt: null,
      pendingChange: null,
    });
    expect(await findWalletAddress(t.db, 'bitcoin')).toBeUndefined();
  });

  test('valid addresses are stored trimmed, answered and read back', async () => {
    const res = await put({
      bitcoin: `  ${valid.bitcoin} `,
      ethereum: valid.ethereum,
      usdt: `${valid.usdt}\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      state: 'applied',
      addresses: { ...valid, updatedAt: expect.any(String), pendingChange: null },
      fourEyes: null,
    });
    expect((await read()).json()).toEqual(res.json().addresses);
    const rows = await t.db.select().from(walletAddresses).orderBy(walletAddresses.coin);
    expect(rows.map((row) => [row.coin, row.address, row.updatedBy])).toEqual([
      ['bitcoin', valid.bitcoin, admin.user.id],
      ['ethereum', valid.ethereum, admin.user.id],
      ['usdt', valid.usdt, admin.user.id],
    ]);
  });

  test('the deposit module finds the address of each coin', async () => {
    await put(valid);
    expect(await findWalletAddress(t.db, 'bitcoin')).toBe(valid.bitcoin);
    expect(await findWalletAddress(t.db, 'ethereum')).toBe(valid.ethereum);
    expect(await findWalletAddress(t.db, 'usdt')).toBe(valid.usdt);
  });

  test('saving again replaces the addresses, recorded in the audit log with the reason, before and after', async () => {
    await put(valid);
    const res = await put({ ...other, reason: '  Moved to the new exchange account ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'applied', addresses: other });
    expect(await t.db.select().from(walletAddresses)).toHaveLength(3);
    expect(await latestAudit()).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      approverId: null,
      action: 'wallets.update',
      targetType: 'wallet_addresses',
      reason: 'Moved to the new exchange account',
      before: valid,
      after: other,
    });
    // Nothing waited: four-eyes is off.
    expect(await t.db.select().from(approvals)).toEqual([]);
  });

  test('one address changed: only its row changes, the others keep who set them and when', async () => {
    await put(valid);
    const [bitcoinBefore] = await t.db
      .select()
      .from(walletAddresses)
      .where(eq(walletAddresses.coin, 'bitcoin'));
    const res = await put({ ...valid, usdt: other.usdt });
    expect(res.json()).toMatchObject({ state: 'applied', addresses: { ...valid, usdt: other.usdt } });
    const [bitcoinAfter] = await t.db
      .select()
      .from(walletAddresses)
      .where(eq(walletAddresses.coin, 'bitcoin'));
    expect(bitcoinAfter?.updatedAt).toEqual(bitcoinBefore?.updatedAt);
    expect(await latestAudit()).toMatchObject({ before: valid, after: { ...valid, usdt: other.usdt } });
  });

  test('the addresses in force already: answered unchanged, nothing recorded', async () => {
    await put(valid);
    const audits = (await t.db.select().from(auditLog)).length;
    const res = await put(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'unchanged', addresses: valid });
    expect(await t.db.select().from(auditLog)).toHaveLength(audits);
  });

  test.each([
    ['no reason', { reason: undefined }, 'Reason is required'],
    ['a blank reason', { reason: '   ' }, 'Reason is required'],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, 'The reason can be at most 500 characters'],
  ])('%s is refused (400), changing nothing and recording nothing', async (_name, change, message) => {
    await put(valid);
    const audits = (await t.db.select().from(auditLog)).length;
    const res = await put({ ...other, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining(message),
    });
    expect((await read()).json()).toMatchObject(valid);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits);
  });

  test.each([
    ['an empty Bitcoin address', { bitcoin: '' }, 'Bitcoin address is required'],
    ['a missing Ethereum address', { ethereum: undefined }, 'Ethereum address is required'],
    ['a USDT address of spaces', { usdt: '   ' }, 'USDT address is required'],
    [
      'a testnet Bitcoin address',
      { bitcoin: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      'Enter a valid Bitcoin address',
    ],
    [
      'an Ethereum address with a wrong checksum',
      { ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      'Enter a valid Ethereum address',
    ],
    ['an Ethereum address as USDT', { usdt: valid.ethereum }, 'Enter a valid USDT (TRC-20) address'],
  ])('%s is refused with a clear message, changing nothing', async (_name, change, message) => {
    await put(valid);
    const before = (await read()).json();
    const res = await put({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
    expect((await read()).json()).toEqual(before);
  });
});

describe('only administrators see and change the addresses', () => {
  test('a client gets 403', async () => {
    expect((await read(client.browser)).statusCode).toBe(403);
    expect((await put(valid, client.browser)).statusCode).toBe(403);
  });

  test('an anonymous visitor gets 401', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/admin/wallet-addresses' });
    expect(get.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/wallet-addresses', payload: valid });
    expect(res.statusCode).toBe(401);
  });
});
