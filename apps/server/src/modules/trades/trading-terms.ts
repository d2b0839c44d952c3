import type { TradingTermsAnswer } from '@candor/contracts/trades';
import type { TradingTerms } from '@candor/domain/trading/spread';
import type { Db } from '../../db/client.ts';
import { findActivePlans } from '../plans/plans.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';

/**
 * The account's trading terms at `now` (issue 13): its active trading package's maximum leverage
 * and spread or, without one (none bought, or expired), the Settings defaults. Opening a trade reads
 * them in its transaction; the trade then keeps its spread for its close.
 */
export async function findTradingTerms(
  db: Db,
  userId: string,
  now: Date,
): Promise<TradingTerms & Omit<TradingTermsAnswer, keyof TradingTerms>> {
  const { trading } = await findActivePlans(db, userId, now);
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
  const settings = await requireSiteSettings(db);
  return {
    maxLeverage: settings.defaultMaxLeverage,
    forexSpreadPips: settings.defaultForexSpreadPips,
    otherSpreadPercent: settings.defaultOtherSpreadPercent,
    source: 'default',
    packageName: null,
    expiresAt: null,
  };
}
