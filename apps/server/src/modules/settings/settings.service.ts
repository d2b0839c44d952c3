import { fileUrl } from '@candor/contracts/files';
import type { SiteSettings, UpdateSiteSettingsRequest } from '@candor/contracts/settings';
import {
  formatDecimal,
  formatPercentBps,
  parseMinorUnits,
  parsePercentBps,
} from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { discardReplacedFile, saveUpload, type WarnLogger } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import {
  lockSiteSettings,
  requireSiteSettings,
  type SiteSettingsChange,
  type SiteSettingsRow,
  updateSiteSettingsRow,
} from './settings.repository.ts';

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

/** Changes the settings record under its lock, recording before and after in the audit log. */
async function changeSiteSettings(
  { tx, actor, now }: { tx: Db; actor: Actor; now: Date },
  action: string,
  change: SiteSettingsChange,
): Promise<{ before: SiteSettingsRow; after: SiteSettingsRow }> {
  const before = await lockSiteSettings(tx);
  const after = await updateSiteSettingsRow(tx, change, now);
  await recordAudit(tx, {
    actor,
    action,
    targetType: 'site_settings',
    targetId: String(after.id),
    before: toSiteSettings(before),
    after: toSiteSettings(after),
  });
  return { before, after };
}

/** Changes the site name and withdrawal limits (audited). */
export async function updateSiteSettings({
  tx,
  actor,
  now,
  input,
}: {
  tx: Db;
  actor: Actor;
  now: Date;
  input: UpdateSiteSettingsRequest;
}): Promise<SiteSettings> {
  const minWithdrawal = parseMinorUnits(input.minWithdrawal);
  const feeBps = parsePercentBps(input.withdrawalPercent);
  // The request schema already refused these; a failure here means the schema and domain disagree.
  if (!minWithdrawal.ok || !feeBps.ok) throw new AppError('VALIDATION_FAILED', 'Invalid withdrawal settings');
  const { after } = await changeSiteSettings({ tx, actor, now }, 'settings.update', {
    siteName: input.siteName,
    minWithdrawalMinor: minWithdrawal.value,
    withdrawalFeeBps: feeBps.value,
  });
  return toSiteSettings(after);
}

/**
 * Stores a new favicon, points the settings at it and deletes the one it replaces. The upload is
 * checked and stored before the settings' transaction (decoding takes time); a failed change
 * deletes it again.
 */
export async function replaceFavicon({
  db,
  storage,
  actor,
  now,
  data,
  log,
}: {
  db: Db;
  storage: StorageBackend;
  actor: Actor;
  now: Date;
  data: Buffer;
  log: WarnLogger;
}): Promise<SiteSettings> {
  const file = await saveUpload(db, storage, { purpose: 'favicon', ownerUserId: null, data });
  let changed: { before: SiteSettingsRow; after: SiteSettingsRow };
  try {
    changed = await db.transaction((tx) =>
      changeSiteSettings({ tx, actor, now }, 'settings.favicon', { faviconFileId: file.id }),
    );
  } catch (error) {
    await discardReplacedFile(db, storage, file.id, log);
    throw error;
  }
  const previous = changed.before.faviconFileId;
  if (previous) await discardReplacedFile(db, storage, previous, log);
  return toSiteSettings(changed.after);
}
