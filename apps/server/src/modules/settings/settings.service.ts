import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/settings.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/** The settings record, created with its defaults the first time anyone asks. */
export async function requireSiteSettings(db: Db): Promise<SiteSettingsRow> {
  const [existing] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (existing) return existing;
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!created) throw new Error('site settings could not be created');
  return created;
}

export async function readSiteName(db: Db): Promise<string> {
  return (await requireSiteSettings(db)).siteName;
}
