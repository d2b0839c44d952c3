import type { TradingTermsAnswer } from '@candor/contracts/trades';
import type { TradingTerms } from '@candor/domain/trading/spread';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { planPurchases } from '../../db/schema/plans.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import {
  type ActivePlans,
  activePlansOf,
  findActivePlans,
  findActivePlansOfMany,
} from '../plans/plans.repository.ts';
import { requireSiteSettings, type SiteSettingsRow } from '../settings/settings.repository.ts';

export type AccountTradingTerms = TradingTerms & Omit<TradingTermsAnswer, keyof TradingTerms>;

/**
 * The account's trading terms at `now` (issue 13): its active trading package's maximum leverage
 * and spread or, without one (none bought, or expired), the Settings defaults. Opening a trade reads
 * them in its transaction; the trade then keeps its spread for its close.
 */
export async function findTradingTerms(db: Db, userId: string, now: Date): Promise<AccountTradingTerms> {
  // One statement: the Settings row with the account's current purchases beside it (one row each).
  const rows = await db
    .select({ settings: siteSettings, purchase: planPurchases })
    .from(siteSettings)
    .leftJoin(planPurchases, and(eq(planPurchases.userId, userId), isNull(planPurchases.replacedAt)))
    .where(eq(siteSettings.id, 1));
  const settings = rows[0]?.settings;
  if (!settings) {
    // The Settings row is made on first use (a new installation): read both on their own.
    const { trading } = await findActivePlans(db, userId, now);
    return termsOf(trading, await requireSiteSettings(db));
  }
  const { trading } = activePlansOf(
    rows.flatMap((row) => (row.purchase ? [row.purchase] : [])),
    now,
  );
  return termsOf(trading, settings);
}

/** `findTradingTerms` of many accounts in two queries (a copy fan-out's batch of followers). */
export async function findTradingTermsOfMany(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, AccountTradingTerms>> {
  const plans = await findActivePlansOfMany(db, userIds, now);
  const settings = await requireSiteSettings(db);
  return new Map(userIds.map((userId) => [userId, termsOf(plans.get(userId)?.trading, settings)]));
}

function termsOf(
  trading: ActivePlans['trading'],
  settings: SiteSettingsRow | undefined,
): AccountTradingTerms {
  if (trading) {
    return {
      maxLeverage: trading.features.maxLeverage,
      forexSpreadPips: trading.features.forexSpreadPips,
      otherSpreadPercent: trading.features.otherSpreadPercent,
      source: 'package',
      packageName: trading.purchase.name,
      expiresAt: trading.purchase.expiresAt?.toISOString() ?? null,
    };
  }
  if (!settings) throw new Error('the Settings are read for an account without a trading package');
  return {
    maxLeverage: settings.defaultMaxLeverage,
    forexSpreadPips: settings.defaultForexSpreadPips,
    otherSpreadPercent: settings.defaultOtherSpreadPercent,
    source: 'default',
    packageName: null,
    expiresAt: null,
  };
}
