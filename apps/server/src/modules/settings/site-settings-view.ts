import { fileUrl } from '@candor/contracts/files';
import type { SiteSettings } from '@candor/contracts/site-settings';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import type { SiteSettingsRow } from './settings.repository.ts';

/** The settings record as staff with settings.manage read it (and as the audit log keeps it). */
export function toSiteSettings(row: SiteSettingsRow): SiteSettings {
  return {
    siteName: row.siteName,
    faviconUrl: row.faviconFileId ? fileUrl(row.faviconFileId) : null,
    supportEmail: row.supportEmail,
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
