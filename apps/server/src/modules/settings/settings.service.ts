import { fileUrl } from '@candor/contracts/files';
import type { SiteSettings, UpdateSiteSettingsRequest } from '@candor/contracts/settings';
import {
  formatDecimal,
  formatPercentBps,
  parseMinorUnits,
  parsePercentBps,
} from '@candor/domain/money/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { discardReplacedFile, saveUpload, type WarnLogger } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';

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

export function toSiteSettings(row: SiteSettingsRow): SiteSettings {
  return {
    siteName: row.siteName,
    faviconUrl: row.faviconFileId ? fileUrl(row.faviconFileId) : null,
    minWithdrawal: formatDecimal(row.minWithdrawalMinor),
    withdrawalPercent: formatPercentBps(row.withdrawalFeeBps),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  return toSiteSettings(await requireSiteSettings(db));
}

/** Changes the site name and withdrawal limits, recording before and after in the audit log. */
export async function updateSiteSettings(
  db: Db,
  actor: AuditActor,
  input: UpdateSiteSettingsRequest,
): Promise<SiteSettings> {
  const minWithdrawal = parseMinorUnits(input.minWithdrawal);
  const feeBps = parsePercentBps(input.withdrawalPercent);
  // The request schema already refused these; a failure here means the schema and domain disagree.
  if (!minWithdrawal.ok || !feeBps.ok) throw new AppError('VALIDATION_FAILED', 'Invalid withdrawal settings');
  const { after } = await changeSiteSettings(db, actor, 'settings.update', {
    siteName: input.siteName,
    minWithdrawalMinor: minWithdrawal.value,
    withdrawalFeeBps: feeBps.value,
  });
  return toSiteSettings(after);
}

/** Stores a new favicon, points the settings at it and deletes the one it replaces. */
export async function replaceFavicon(
  db: Db,
  storage: StorageBackend,
  actor: AuditActor,
  data: Buffer,
  log: WarnLogger,
): Promise<SiteSettings> {
  const file = await saveUpload(db, storage, { purpose: 'favicon', ownerUserId: null, data });
  let changed: { before: SiteSettingsRow; after: SiteSettingsRow };
  try {
    changed = await changeSiteSettings(db, actor, 'settings.favicon', { faviconFileId: file.id });
  } catch (error) {
    await discardReplacedFile(db, storage, file.id, log);
    throw error;
  }
  const previous = changed.before.faviconFileId;
  if (previous) await discardReplacedFile(db, storage, previous, log);
  return toSiteSettings(changed.after);
}

type SettingsChange = Partial<
  Pick<SiteSettingsRow, 'siteName' | 'faviconFileId' | 'minWithdrawalMinor' | 'withdrawalFeeBps'>
>;

async function changeSiteSettings(
  db: Db,
  actor: AuditActor,
  action: string,
  change: SettingsChange,
): Promise<{ before: SiteSettingsRow; after: SiteSettingsRow }> {
  await requireSiteSettings(db);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    if (!before) throw new Error('site settings disappeared');
    const [after] = await tx
      .update(siteSettings)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(siteSettings.id, 1))
      .returning();
    if (!after) throw new Error('site settings could not be updated');
    await recordAudit(tx, {
      actor,
      action,
      targetType: 'site_settings',
      targetId: String(after.id),
      before: toSiteSettings(before),
      after: toSiteSettings(after),
    });
    return { before, after };
  });
}
