import type { TradingTermsAnswer } from '@candor/contracts/trades';
import type { TradingTerms } from '@candor/domain/trading/spread';
import { sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { planPurchases } from '../../db/schema/plans.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { selectRows } from '../../db/select-rows.ts';
import { type ActivePlans, activePlansByUser, findActivePlansOfMany } from '../plans/plans.repository.ts';
import { requireSiteSettings, type SiteSettingsRow } from '../settings/settings.repository.ts';

export type AccountTradingTerms = TradingTerms & Omit<TradingTermsAnswer, keyof TradingTerms>;

/**
 * The account's trading terms at `now` (issue 13): its active trading package's maximum leverage
 * and spread or, without one (none bought, or expired), the Settings defaults. Opening a trade reads
 * them in its transaction; the trade then keeps its spread for its close.
 */
export async function findTradingTerms(db: Db, userId: string, now: Date): Promise<AccountTradingTerms> {
  const terms = (await findTradingTermsOfMany(db, [userId], now)).get(userId);
  if (!terms) throw new Error("the account's trading terms were read");
  return terms;
}

/** The terms as the API answers them (no more than TradingTermsSchema names). */
export function toTradingTermsAnswer(terms: AccountTradingTerms): TradingTermsAnswer {
  const { maxLeverage, forexSpreadPips, otherSpreadPercent, source, packageName, expiresAt } = terms;
  return { maxLeverage, forexSpreadPips, otherSpreadPercent, source, packageName, expiresAt };
}

const settingsRows = rowCodec(siteSettings);
const purchaseRows = rowCodec(planPurchases);
/** The Settings' and purchases' columns, built once (docs/decisions/041). */
const TERMS_COLUMNS = sql.raw(`${settingsRows.columns('s', 's.')}, ${purchaseRows.columns('p', 'p.')}`);

/**
 * `findTradingTerms` of many accounts (a batch of opens, a copy fan-out's followers) in one
 * statement: the Settings row with the accounts' current purchases beside it (one row each).
 */
export async function findTradingTermsOfMany(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, AccountTradingTerms>> {
  if (userIds.length === 0) return new Map();
  const raw = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${TERMS_COLUMNS}
          from site_settings s
          left join plan_purchases p on ${among(sql`p.user_id`, [...new Set(userIds)])} and p.replaced_at is null
         where s.id = 1`,
  );
  const found = raw[0] ? settingsRows.read(raw[0], 's.') : undefined;
  // The Settings row is made on first use (a new installation): then both are read on their own.
  const plans = found
    ? activePlansByUser(
        raw.flatMap((row) => (row['p.id'] === null ? [] : [purchaseRows.read(row, 'p.')])),
        userIds,
        now,
      )
    : await findActivePlansOfMany(db, userIds, now);
  const settings = found ?? (await requireSiteSettings(db));
  return new Map(userIds.map((userId) => [userId, termsOf(plans.get(userId)?.trading, settings)]));
}

function termsOf(trading: ActivePlans['trading'], settings: SiteSettingsRow): AccountTradingTerms {
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
  return {
    maxLeverage: settings.defaultMaxLeverage,
    forexSpreadPips: settings.defaultForexSpreadPips,
    otherSpreadPercent: settings.defaultOtherSpreadPercent,
    source: 'default',
    packageName: null,
    expiresAt: null,
  };
}
