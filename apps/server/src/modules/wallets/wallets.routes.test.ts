import { desc } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { findWalletAddress } from './wallets.repository.ts';

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

function read(as: Browser = admin.browser) {
  return as.request({ method: 'GET', url: '/api/admin/wallet-addresses' });
}

function put(body: object, as: Browser = admin.browser) {
  return as.request({ method: 'PUT', url: '/api/admin/wallet-addresses', payload: body });
}

async function latestAudit() {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

describe('an administrator sets the deposit addresses', () => {
  test('before anyone sets them, every address is null', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bitcoin: null, ethereum: null, usdt: null, updatedAt: null });
    expect(await findWalletAddress(t.db, 'bitcoin')).toBeUndefined();
  });

  test('valid addresses are stored trimmed, answered and read back', async () => {
    const res = await put({
      bitcoin: `  ${valid.bitcoin} `,
      ethereum: valid.ethereum,
      usdt: `${valid.usdt}\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...valid, updatedAt: expect.any(String) });
    expect((await read()).json()).toEqual(res.json());
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

  test('saving again replaces the addresses, recorded in the audit log with before and after', async () => {
    await put(valid);
    const res = await put(other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(other);
    expect(await t.db.select().from(walletAddresses)).toHaveLength(3);
    expect(await latestAudit()).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      action: 'wallets.update',
      targetType: 'wallet_addresses',
      before: valid,
      after: other,
    });
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
