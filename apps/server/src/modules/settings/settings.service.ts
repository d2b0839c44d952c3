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
import { findWaitingSettingChange } from '../approvals/approvals.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type Replacement, replaceWithUpload } from '../storage/files.service.ts';
import { decideIdentityRuleChange, type IdentityRuleDecision } from './identity-rule-change.service.ts';
import { decideLimitsChange, type LimitsDecision, limitsOf } from './limits-change.service.ts';
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

/**
 * The settings with the changes waiting for a second approval, if any: of the four-eyes threshold,
 * turning off "withdrawals need a verified identity", and raising the unverified account limits.
 */
async function toAdminSettings(db: Db, row: SiteSettingsRow): Promise<AdminSettings> {
  const [threshold, identity, limits] = await Promise.all([
    findWaitingSettingChange(db, 'four_eyes_threshold'),
    findWaitingSettingChange(db, 'identity_for_withdrawals'),
    findWaitingSettingChange(db, 'unverified_limits'),
  ]);
  return {
    ...toSiteSettings(row),
    pendingThresholdChange: threshold ? await toOneApproval(db, threshold) : null,
    pendingIdentityChange: identity ? await toOneApproval(db, identity) : null,
    pendingLimitsChange: limits ? await toOneApproval(db, limits) : null,
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
 * Changes the site settings (audited). The four-eyes threshold, "withdrawals need a verified
 * identity" and the unverified account limits are split out (docs/decisions/053 and its sections of
 * 2026-11-30 and 2026-12-01): a change that tightens
 * one applies with the others, its reason on the audit row; one that loosens it waits for a second
 * staff member while the other fields apply.
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
    // Identity limits (issue 12): each left out keeps its value; "withdrawals need a verified
    // identity" and the two limits are split out below, as the threshold is.
    // Default trading terms (issue 13): each left out keeps its value.
    ...(input.defaultForexSpreadPips === undefined
      ? {}
      : { defaultForexSpreadPips: input.defaultForexSpreadPips }),
    ...(input.defaultOtherSpreadPercent === undefined
      ? {}
      : { defaultOtherSpreadPercent: input.defaultOtherSpreadPercent }),
    ...(input.defaultMaxLeverage === undefined ? {} : { defaultMaxLeverage: input.defaultMaxLeverage }),
  };
  const { after, extra } = await changeSiteSettings<{
    threshold: ThresholdDecision['state'];
    identity: IdentityRuleDecision['state'];
    limits: LimitsDecision['state'];
    fourEyes: FourEyesNote | null;
  }>({ tx, actor, now }, 'settings.update', async (before) => {
    const threshold = await decideThresholdChange({
      tx,
      actor,
      now,
      currentMinor: before.fourEyesThresholdMinor,
      requestedMinor: fourEyes?.ok ? fourEyes.value : undefined,
      reason: input.fourEyesReason,
    });
    const identity = await decideIdentityRuleChange({
      tx,
      actor,
      now,
      current: before.withdrawalsNeedVerifiedIdentity,
      requested: input.withdrawalsNeedVerifiedIdentity,
      // The threshold in force once this save is done: a tightening applied with it counts.
      thresholdMinor:
        threshold.state === 'applied' ? threshold.thresholdMinor : before.fourEyesThresholdMinor,
      reason: input.identityReason,
    });
    const limits = await decideLimitsChange({
      tx,
      actor,
      now,
      current: limitsOf(before),
      requested: { deposit: depositLimit, withdrawal: withdrawalLimit },
      thresholdMinor:
        threshold.state === 'applied' ? threshold.thresholdMinor : before.fourEyesThresholdMinor,
      reason: input.limitsReason,
    });
    // The limits this save sets: all asked for, or (a raise waiting) those lowered; the reason goes
    // on the audit row when one of them moves now.
    const limitsSet = limits.state === 'unchanged' ? undefined : limits.limits;
    const limitsReason =
      limits.state !== 'unchanged' &&
      (limits.limits.deposit !== before.unverifiedDepositLimitMinor ||
        limits.limits.withdrawal !== before.unverifiedWithdrawalLimitMinor)
        ? limits.reason
        : undefined;
    const alone =
      (threshold.state === 'applied' ? threshold.fourEyes : null) ??
      (identity.state === 'applied' ? identity.fourEyes : null) ??
      (limits.state === 'applied' ? limits.fourEyes : null);
    // Each change applied says why on the one audit row: the threshold's reason, the identity
    // rule's, the limits'.
    const reasons = [
      threshold.state === 'applied' ? threshold.reason : undefined,
      identity.state === 'applied' ? identity.reason : undefined,
      limitsReason,
    ].filter((text): text is string => text !== undefined);
    return {
      change: {
        ...fields,
        ...(threshold.state === 'applied' ? { fourEyesThresholdMinor: threshold.thresholdMinor } : {}),
        ...(identity.state === 'applied' ? { withdrawalsNeedVerifiedIdentity: identity.required } : {}),
        ...(limitsSet
          ? {
              unverifiedDepositLimitMinor: limitsSet.deposit,
              unverifiedWithdrawalLimitMinor: limitsSet.withdrawal,
            }
          : {}),
      },
      ...(reasons.length > 0 ? { reason: reasons.join(' · ') } : {}),
      ...(alone ? { auditDetails: { fourEyes: alone } } : {}),
      extra: { threshold: threshold.state, identity: identity.state, limits: limits.state, fourEyes: alone },
    };
  });
  return {
    ...(await toAdminSettings(tx, after)),
    thresholdChange: extra.threshold,
    identityChange: extra.identity,
    limitsChange: extra.limits,
    fourEyes: extra.fourEyes,
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
