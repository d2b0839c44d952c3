import type { AuditAction } from '@candor/contracts/audit';
import { fileUrl } from '@candor/contracts/files';
import type { UpdateSiteSettingsRequest } from '@candor/contracts/settings';
import type { EmailDelivery, PublicSettings, SiteSettings } from '@candor/contracts/site-settings';
import {
  formatDecimal,
  formatPercentBps,
  parseMinorUnits,
  parsePercentBps,
} from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type Replacement, replaceWithUpload } from '../storage/files.service.ts';
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
    fourEyesThreshold: formatDecimal(row.fourEyesThresholdMinor),
    declinedIdRetentionDays: row.declinedIdRetentionDays,
    approvedIdRetentionYears: row.approvedIdRetentionYears,
    withdrawalsNeedVerifiedIdentity: row.withdrawalsNeedVerifiedIdentity,
    unverifiedDepositLimit: formatDecimal(row.unverifiedDepositLimitMinor),
    unverifiedWithdrawalLimit: formatDecimal(row.unverifiedWithdrawalLimitMinor),
    defaultForexSpreadPips: row.defaultForexSpreadPips,
    defaultOtherSpreadPercent: row.defaultOtherSpreadPercent,
    defaultMaxLeverage: row.defaultMaxLeverage,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  return toSiteSettings(await requireSiteSettings(db));
}

/** What anyone may read: the settings without the four-eyes threshold (an internal control). */
export async function readPublicSettings(db: Db, emailDelivery: EmailDelivery): Promise<PublicSettings> {
  const {
    fourEyesThreshold: _internal,
    declinedIdRetentionDays: _declinedDays,
    approvedIdRetentionYears: _approvedYears,
    defaultForexSpreadPips: _pips,
    defaultOtherSpreadPercent: _percent,
    defaultMaxLeverage: _leverage,
    ...visible
  } = await readSiteSettings(db);
  return { ...visible, emailDelivery };
}

/** Changes the settings record under its lock, recording before and after in the audit log. */
async function changeSiteSettings(
  { tx, actor, now }: { tx: Db; actor: Actor; now: Date },
  action: AuditAction,
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

/** An optional dollar amount in cents: undefined when left out, null when it does not parse. */
function optionalMinor(text: string | undefined): bigint | null | undefined {
  if (text === undefined) return undefined;
  const parsed = parseMinorUnits(text);
  return parsed.ok ? parsed.value : null;
}

/** Changes the site name and withdrawal limits (audited). */
export async function updateSiteSettings({
  tx,
  actor,
  now,
  input,
}: Command<{ input: UpdateSiteSettingsRequest }>): Promise<SiteSettings> {
  const minWithdrawal = parseMinorUnits(input.minWithdrawal);
  const feeBps = parsePercentBps(input.withdrawalPercent);
  const fourEyes =
    input.fourEyesThreshold === undefined ? undefined : parseMinorUnits(input.fourEyesThreshold);
  const depositLimit = optionalMinor(input.unverifiedDepositLimit);
  const withdrawalLimit = optionalMinor(input.unverifiedWithdrawalLimit);
  // The request schema already refused these; a failure here means the schema and domain disagree.
  if (!minWithdrawal.ok || !feeBps.ok || (fourEyes && !fourEyes.ok))
    throw new AppError('VALIDATION_FAILED', 'Invalid withdrawal settings');
  if (depositLimit === null || withdrawalLimit === null)
    throw new AppError('VALIDATION_FAILED', 'Invalid identity limits');
  const { after } = await changeSiteSettings({ tx, actor, now }, 'settings.update', {
    siteName: input.siteName,
    minWithdrawalMinor: minWithdrawal.value,
    withdrawalFeeBps: feeBps.value,
    ...(fourEyes?.ok ? { fourEyesThresholdMinor: fourEyes.value } : {}),
    ...(input.declinedIdRetentionDays === undefined
      ? {}
      : { declinedIdRetentionDays: input.declinedIdRetentionDays }),
    ...(input.approvedIdRetentionYears === undefined
      ? {}
      : { approvedIdRetentionYears: input.approvedIdRetentionYears }),
    // Identity limits (issue 12): each left out keeps its value.
    ...(input.withdrawalsNeedVerifiedIdentity === undefined
      ? {}
      : { withdrawalsNeedVerifiedIdentity: input.withdrawalsNeedVerifiedIdentity }),
    ...(depositLimit === undefined ? {} : { unverifiedDepositLimitMinor: depositLimit }),
    ...(withdrawalLimit === undefined ? {} : { unverifiedWithdrawalLimitMinor: withdrawalLimit }),
    // Default trading terms (issue 13): each left out keeps its value.
    ...(input.defaultForexSpreadPips === undefined
      ? {}
      : { defaultForexSpreadPips: input.defaultForexSpreadPips }),
    ...(input.defaultOtherSpreadPercent === undefined
      ? {}
      : { defaultOtherSpreadPercent: input.defaultOtherSpreadPercent }),
    ...(input.defaultMaxLeverage === undefined ? {} : { defaultMaxLeverage: input.defaultMaxLeverage }),
  });
  return toSiteSettings(after);
}

/** Stores a new favicon, points the settings at it (audited) and deletes the one it replaces. */
export async function replaceFavicon({
  actor,
  now,
  data,
  ...files
}: Omit<Replacement, 'upload'> & { actor: Actor; now: Date; data: Buffer }): Promise<SiteSettings> {
  const upload = { purpose: 'favicon', ownerUserId: null, data } as const;
  return replaceWithUpload({ ...files, upload }, async (tx, file) => {
    const { before, after } = await changeSiteSettings({ tx, actor, now }, 'settings.favicon', {
      faviconFileId: file.id,
    });
    return { replaced: before.faviconFileId, result: toSiteSettings(after) };
  });
}
