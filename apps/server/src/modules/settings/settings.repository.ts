import { and, eq, getTableColumns, or, param, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/settings.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/** What an administrator may change. */
export type SiteSettingsChange = Partial<
  Pick<
    SiteSettingsRow,
    | 'siteName'
    | 'faviconFileId'
    | 'supportEmail'
    | 'minWithdrawalMinor'
    | 'withdrawalFeeBps'
    | 'fourEyesThresholdMinor'
    | 'declinedIdRetentionDays'
    | 'approvedIdRetentionYears'
    // Identity limits (issue 12).
    | 'withdrawalsNeedVerifiedIdentity'
    | 'unverifiedDepositLimitMinor'
    | 'unverifiedWithdrawalLimitMinor'
    // Default trading terms (issue 13).
    | 'defaultForexSpreadPips'
    | 'defaultOtherSpreadPercent'
    | 'defaultMaxLeverage'
  >
>;

/** The one settings record, created with its defaults the first time anyone asks. */
export async function requireSiteSettings(db: Db): Promise<SiteSettingsRow> {
  const [existing] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (existing) return existing;
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!created) throw new Error('site settings could not be created');
  return created;
}

/** The settings record, locked for an update (two administrators saving at once take turns). */
export async function lockSiteSettings(tx: Db): Promise<SiteSettingsRow> {
  await requireSiteSettings(tx);
  const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
  if (!row) throw new Error('site settings disappeared');
  return row;
}

export async function updateSiteSettingsRow(
  tx: Db,
  change: SiteSettingsChange,
  now: Date,
): Promise<SiteSettingsRow> {
  const [row] = await tx
    .update(siteSettings)
    .set({ ...change, updatedAt: now })
    .where(eq(siteSettings.id, 1))
    .returning();
  if (!row) throw new Error('site settings could not be updated');
  return row;
}

/**
 * Changes the settings record only where `change` differs from it, and answers the changed row, or
 * undefined when every value is the one in force (nothing written, `updated_at` kept). PostgreSQL
 * compares, each value as its column's type: a spread of "0.2" is the stored 0.20.
 */
export async function updateSiteSettingsRowIfChanged(
  tx: Db,
  change: SiteSettingsChange,
  now: Date,
): Promise<SiteSettingsRow | undefined> {
  const columns = getTableColumns(siteSettings);
  const differences = Object.entries(change).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const column = columns[key as keyof SiteSettingsChange];
    return [sql`${column} is distinct from ${param(value, column)}`];
  });
  if (differences.length === 0) return undefined;
  const [row] = await tx
    .update(siteSettings)
    .set({ ...change, updatedAt: now })
    .where(and(eq(siteSettings.id, 1), or(...differences)))
    .returning();
  return row;
}
