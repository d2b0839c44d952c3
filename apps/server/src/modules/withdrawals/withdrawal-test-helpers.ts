import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { withdrawalSettings } from '../../db/schema/withdrawals.ts';
import type { Browser } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';

/** Valid payout destinations of each method. */
export const PAYOUTS = {
  bank: {
    method: 'bank',
    details: { accountNumber: '12345678', bankName: 'First Bank', accountName: 'Ada Lovelace' },
  },
  crypto: {
    method: 'crypto',
    details: { coin: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
  },
  paypal: { method: 'paypal', details: { email: 'ada@paypal.example' } },
  cashapp: { method: 'cashapp', details: { cashtag: '$ada_22' } },
  gcash: { method: 'gcash', details: { accountNumber: '09171234567', accountName: 'Ada Lovelace' } },
} as const;

/** Sets the site's minimum withdrawal (cents) and fee (basis points). */
export async function setWithdrawalLimits(db: Db, minCents: bigint, feeBps: number): Promise<void> {
  await requireSiteSettings(db);
  await db
    .update(siteSettings)
    .set({ minWithdrawalMinor: minCents, withdrawalFeeBps: feeBps })
    .where(eq(siteSettings.id, 1));
}

/** Sets a customer's withdrawal settings directly (the admin route has its own tests). */
export async function setCustomerSettings(
  db: Db,
  userId: string,
  settings: { holdEnabled?: boolean; holdReason?: string | null; requireCode?: boolean },
): Promise<void> {
  const values = {
    holdEnabled: settings.holdEnabled ?? false,
    holdReason: settings.holdReason ?? null,
    requireCode: settings.requireCode ?? false,
    updatedBy: 'test',
    updatedAt: new Date(),
  };
  await db
    .insert(withdrawalSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: withdrawalSettings.userId, set: values });
}

export function requestWithdrawal(
  browser: Browser,
  body: object,
  key?: string,
): Promise<LightMyRequestResponse> {
  return browser.post('/api/withdrawals', body, key);
}

export async function readBalancesOf(
  browser: Browser,
): Promise<{ available: string; reserved: string; total: string }> {
  return (await browser.request({ method: 'GET', url: '/api/me/balances' })).json();
}
