import type { FourEyesNote } from '@candor/contracts/approvals';
import type { AuditAction } from '@candor/contracts/audit';
import type {
  AdminSettings,
  UpdateSiteSettingsRequest,
  UpdateSiteSettingsResponse,
} from '@candor/contracts/settings';
import type { EmailDelivery, PublicSettings, SiteSettings } from '@candor/contracts/site-settings';
import { parseMinorUnits, parsePercentBps } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import { toOneApproval } from '../approvals/approval-rows.ts';
import { findWaitingThresholdChange } from '../approvals/approvals.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type Replacement, replaceWithUpload } from '../storage/files.service.ts';
import {
  lockSiteSettings,
  requireSiteSettings,
  type SiteSettingsChange,
  type SiteSettingsRow,
  updateSiteSettingsRowIfChanged,
} from './settings.repository.ts';
import { toSiteSettings } from './site-settings-view.ts';
import { decideThresholdChange, type ThresholdDecision } from './threshold-change.service.ts';

export async function readSiteName(db: Db): Promise<string> {
  return (await requireSiteSettings(db)).siteName;
}

/** The settings with the change of the four-eyes threshold waiting for a second approval, if any. */
async function toAdminSettings(db: Db, row: SiteSettingsRow): Promise<AdminSettings> {
  const waiting = await findWaitingThresholdChange(db);
  return {
    ...toSiteSettings(row),
    pendingThresholdChange: waiting ? await toOneApproval(db, waiting) : null,
  };
}

export async function readSiteSettings(db: Db): Promise<AdminSettings> {
  return toAdminSettings(db, await requireSiteSettings(db));
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
  } = toSiteSettings(await requireSiteSettings(db));
  return { ...visible, emailDelivery };
}

/**
 * Changes the settings record under its lock, recording before and after in the audit log (with a
 * reason when the four-eyes threshold changes); when every value is already the one in force,
 * nothing is written or recorded and `after` is `before`. `plan` runs under the lock, with the record as it is,
 * and says what to change and why.
 */
async function changeSiteSettings<T>(
  { tx, actor, now }: { tx: Db; actor: Actor; now: Date },
  action: AuditAction,
  plan: (before: SiteSettingsRow) => Promise<{
    change: SiteSettingsChange;
    reason?: string;
    /** Recorded beside the settings in the audit row's `after`. */
    auditDetails?: Record<string, string>;
    extra: T;
  }>,
): Promise<{ before: SiteSettingsRow; after: SiteSettingsRow; extra: T }> {
  const before = await lockSiteSettings(tx);
  const { change, reason, auditDetails, extra } = await plan(before);
  const after = await updateSiteSettingsRowIfChanged(tx, change, now);
  // A save that changes nothing records nothing: the audit log shows changes (QA finding 13).
  if (!after) return { before, after: before, extra };
  await recordAudit(tx, {
    actor,
    action,
    targetType: 'site_settings',
    targetId: String(after.id),
    reason: reason ?? null,
    before: toSiteSettings(before),
    after: { ...toSiteSettings(after), ...auditDetails },
  });
  return { before, after, extra };
}

/** An optional dollar amount in cents: undefined when left out, null when it does not parse. */
function optionalMinor(text: string | undefined): bigint | null | undefined {
  if (text === undefined) return undefined;
  const parsed = parseMinorUnits(text);
  return parsed.ok ? parsed.value : null;
}

/**
 * Changes the site settings (audited). The four-eyes threshold is split out (docs/decisions/053): a
 * change that tightens it applies with the others, its reason on the audit row; one that loosens it
 * waits for a second staff member while the other fields apply.
 */
export async function updateSiteSettings({
  tx,
  actor,
  now,
  input,
}: Command<{ input: UpdateSiteSettingsRequest }>): Promise<UpdateSiteSettingsResponse> {
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
  const fields: SiteSettingsChange = {
    siteName: input.siteName,
    // Empty clears it; left out keeps it.
    ...(input.supportEmail === undefined ? {} : { supportEmail: input.supportEmail || null }),
    minWithdrawalMinor: minWithdrawal.value,
    withdrawalFeeBps: feeBps.value,
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
  };
  const { after, extra: threshold } = await changeSiteSettings<{
    state: ThresholdDecision['state'];
    fourEyes: FourEyesNote | null;
  }>({ tx, actor, now }, 'settings.update', async (before) => {
    const decision = await decideThresholdChange({
      tx,
      actor,
      now,
      currentMinor: before.fourEyesThresholdMinor,
      requestedMinor: fourEyes?.ok ? fourEyes.value : undefined,
      reason: input.fourEyesReason,
    });
    if (decision.state !== 'applied')
      return { change: fields, extra: { state: decision.state, fourEyes: null } };
    const alone = decision.fourEyes;
    return {
      change: { ...fields, fourEyesThresholdMinor: decision.thresholdMinor },
      reason: decision.reason,
      ...(alone ? { auditDetails: { fourEyes: alone } } : {}),
      extra: { state: decision.state, fourEyes: alone },
    };
  });
  return {
    ...(await toAdminSettings(tx, after)),
    thresholdChange: threshold.state,
    fourEyes: threshold.fourEyes,
  };
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
    const { before, after } = await changeSiteSettings({ tx, actor, now }, 'settings.favicon', async () => ({
      change: { faviconFileId: file.id },
      extra: null,
    }));
    return { replaced: before.faviconFileId, result: toSiteSettings(after) };
  });
}
