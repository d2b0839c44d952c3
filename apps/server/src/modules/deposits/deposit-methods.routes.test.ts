import type { Coin } from '@candor/contracts/coins';
import { describe, expect, test } from 'vitest';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { TEST_USDT_ADDRESS } from '../../test/deposits.ts';
import { insertSignedInUser, useSignedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });

describe('GET /api/deposit-methods: the coins step 1 offers', () => {
  const ADDRESSES = {
    bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    usdt: TEST_USDT_ADDRESS,
  } as const satisfies Partial<Record<Coin, string>>;

  test('none on a fresh install; then only the coins with an address, and a quote for another is still refused', async () => {
    const { browser } = await insertSignedInUser(t);
    const methods = () => browser.request({ method: 'GET', url: '/api/deposit-methods' });

    const fresh = await methods();
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ coins: [] });

    await t.db.insert(walletAddresses).values([
      { coin: 'usdt', address: ADDRESSES.usdt, updatedBy: admin.user.id },
      { coin: 'bitcoin', address: ADDRESSES.bitcoin, updatedBy: admin.user.id },
    ]);
    expect((await methods()).json()).toEqual({ coins: ['bitcoin', 'usdt'] });

    const refused = await browser.request({
      method: 'POST',
      url: '/api/deposit-quotes',
      payload: { amount: '100', coin: 'ethereum' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'WALLET_NOT_CONFIGURED',
      message: 'Deposits by Ethereum(ETH) are not available yet.',
    });
  });
});
