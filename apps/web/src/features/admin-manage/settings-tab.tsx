import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import {
  type AdminSettings,
  IDENTITY_RULE_MESSAGES,
  LIMITS_MESSAGES,
  SETTINGS_MESSAGES,
  THRESHOLD_MESSAGES,
  type UpdateSiteSettingsRequest,
  UpdateSiteSettingsRequestSchema,
  type UpdateSiteSettingsResponse,
} from '@candor/contracts/settings';
import { parseMinorUnits } from '@candor/domain/money/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { carriedOutAloneNote, FourEyesReachNote } from '../../components/four-eyes-reach.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useImageChoice } from '../../lib/use-image-choice.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { adminSettingsQuery, updateSiteSettings, uploadFavicon } from './admin-settings-api.ts';
import { FaviconField } from './favicon-field.tsx';
import { PendingIdentityChange } from './pending-identity-change.tsx';
import { PendingLimitsChange } from './pending-limits-change.tsx';
import { PendingThresholdChange } from './pending-threshold-change.tsx';
import { SettingsFormFrame, SettingsSection } from './settings-form-parts.tsx';

type SettingsForm = z.input<typeof UpdateSiteSettingsRequestSchema>;

/** A field shown read-only while a change of it waits for a second staff member. */
const READ_ONLY_FIELD = '[&_input]:bg-slate-50 [&_input]:text-slate-600';
const LIMIT_IN_FORCE_HINT = 'In force; it can change again once the waiting change is decided';

/** The Settings tab: loads the current settings, then shows the form filled with them. */
export function SettingsTab() {
  const query = useQuery(adminSettingsQuery);
  return (
    <QueryPanel query={query} loading="Loading settings..." failed="The settings could not be loaded.">
      {(settings) => <SettingsForm settings={settings} />}
    </QueryPanel>
  );
}

function toFormValues(settings: AdminSettings): SettingsForm {
  return {
    siteName: settings.siteName,
    supportEmail: settings.supportEmail ?? '',
    minWithdrawal: settings.minWithdrawal,
    withdrawalPercent: settings.withdrawalPercent,
    fourEyesThreshold: settings.fourEyesThreshold,
    fourEyesReason: '',
    // Identity limits (issue 12).
    withdrawalsNeedVerifiedIdentity: settings.withdrawalsNeedVerifiedIdentity,
    identityReason: '',
    unverifiedDepositLimit: settings.unverifiedDepositLimit,
    unverifiedWithdrawalLimit: settings.unverifiedWithdrawalLimit,
    limitsReason: '',
    declinedIdRetentionDays: settings.declinedIdRetentionDays,
    approvedIdRetentionYears: settings.approvedIdRetentionYears,
    // Default trading terms (issue 13).
    defaultForexSpreadPips: settings.defaultForexSpreadPips,
    defaultOtherSpreadPercent: settings.defaultOtherSpreadPercent,
    defaultMaxLeverage: settings.defaultMaxLeverage,
  };
}

/** A whole-number field of the form (the schema wants a number, not the input's text). */
function numberField(
  form: UseFormReturn<SettingsForm, unknown, UpdateSiteSettingsRequest>,
  name: 'declinedIdRetentionDays' | 'approvedIdRetentionYears' | 'defaultMaxLeverage',
) {
  return {
    ...form.register(name, { valueAsNumber: true }),
    error: form.formState.errors[name]?.message,
  };
}

/**
 * Whether the form asks for another amount than the one in force (then a reason is required): the
 * four-eyes threshold, an unverified account limit.
 */
function changesAmount(typed: string | undefined, inForce: string): boolean {
  if (typed === undefined) return false;
  const [a, b] = [parseMinorUnits(typed), parseMinorUnits(inForce)];
  return !a.ok || !b.ok || a.value !== b.value;
}

/** What a save did, told as a toast: the seed's words, or which change waits (the threshold, the identity rule). */
function tellOutcome(saved: UpdateSiteSettingsResponse): void {
  const waits = [
    saved.thresholdChange === 'awaiting_approval' ? THRESHOLD_MESSAGES.awaitingDescription : null,
    saved.identityChange === 'awaiting_approval' ? IDENTITY_RULE_MESSAGES.awaitingDescription : null,
    saved.limitsChange === 'awaiting_approval' ? LIMITS_MESSAGES.awaitingDescription : null,
  ].filter((text) => text !== null);
  if (waits.length > 0) {
    notify.success(APPROVAL_MESSAGES.awaiting, { description: waits.join(' ') });
  } else {
    notify.success(SETTINGS_MESSAGES.updated, { description: carriedOutAloneNote(saved.fourEyes) });
  }
}

export function SettingsForm({ settings }: { settings: AdminSettings }) {
  const queryClient = useQueryClient();
  const favicon = useImageChoice();
  const form = useZodForm(UpdateSiteSettingsRequestSchema, toFormValues(settings));
  const field = bindFields(form);
  const { handleSubmit, reset } = form;
  const waiting = settings.pendingThresholdChange;
  const identityWaiting = settings.pendingIdentityChange;
  // A reason is asked for once the box differs from the value in force (decision 053, 2026-11-30).
  const identityChanged =
    form.watch('withdrawalsNeedVerifiedIdentity') !== settings.withdrawalsNeedVerifiedIdentity;
  const limitsWaiting = settings.pendingLimitsChange;
  // So is one once a limit differs from the one in force (decision 053, 2026-12-01).
  const changesLimits = (
    values: Pick<SettingsForm, 'unverifiedDepositLimit' | 'unverifiedWithdrawalLimit'>,
  ) =>
    changesAmount(values.unverifiedDepositLimit, settings.unverifiedDepositLimit) ||
    changesAmount(values.unverifiedWithdrawalLimit, settings.unverifiedWithdrawalLimit);
  const limitsChanged = changesLimits({
    unverifiedDepositLimit: form.watch('unverifiedDepositLimit'),
    unverifiedWithdrawalLimit: form.watch('unverifiedWithdrawalLimit'),
  });

  const save = useMutation({
    mutationFn: async ({ values, icon }: { values: UpdateSiteSettingsRequest; icon: File | null }) => {
      if (icon) await uploadFavicon(icon);
      return updateSiteSettings(values);
    },
    onSuccess: ({ thresholdChange, identityChange, limitsChange, fourEyes, ...saved }) => {
      queryClient.setQueryData(queryKeys.adminSettings, saved);
      // A waiting change of the threshold is listed on the Approvals tab.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminApprovals.all });
      // What every page reads: the same settings without the staff-only ones.
      const {
        fourEyesThreshold: _threshold,
        pendingThresholdChange: _pending,
        pendingIdentityChange: _pendingIdentity,
        pendingLimitsChange: _pendingLimits,
        declinedIdRetentionDays: _days,
        approvedIdRetentionYears: _years,
        defaultForexSpreadPips: _pips,
        defaultOtherSpreadPercent: _percent,
        defaultMaxLeverage: _leverage,
        ...visible
      } = saved;
      queryClient.setQueryData(queryKeys.settings, visible);
      reset(toFormValues(saved));
      favicon.clear();
      tellOutcome({ ...saved, thresholdChange, identityChange, limitsChange, fourEyes });
    },
    onError: (error) => notify.error(SETTINGS_MESSAGES.updateFailed(errorMessage(error))),
    // The header, the login page and the tab's icon read the settings: refresh them at once.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
  });

  const onSubmit = handleSubmit((values) => {
    if (favicon.problem || favicon.checking) return;
    if (changesAmount(values.fourEyesThreshold, settings.fourEyesThreshold) && !values.fourEyesReason) {
      form.setError('fourEyesReason', { message: REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    if (
      values.withdrawalsNeedVerifiedIdentity !== settings.withdrawalsNeedVerifiedIdentity &&
      !values.identityReason
    ) {
      form.setError('identityReason', { message: REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    if (changesLimits(values) && !values.limitsReason) {
      form.setError('limitsReason', { message: REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    save.mutate({ values, icon: favicon.file });
  });

  return (
    <SettingsFormFrame label="Site settings" busy={save.isPending} onSubmit={onSubmit}>
      <SettingsSection
        title="Branding"
        description="The name and icon shown in the header, on the login page and in the browser tab."
        fieldsClassName="space-y-5"
      >
        <TextField label="Site name" autoComplete="off" {...field('siteName')} />
        <FaviconField
          currentUrl={settings.faviconUrl}
          file={favicon.file}
          error={favicon.problem}
          inputKey={favicon.inputKey}
          onFileChange={(file) => void favicon.choose(file)}
        />
      </SettingsSection>

      <SettingsSection
        title="Customer support"
        description="Where customers write for help. It is shown to a customer whose account is inactive and, when e-mail is not set up, on the password reset page."
        fieldsClassName="space-y-5"
      >
        <TextField
          label="Support e-mail"
          type="email"
          autoComplete="off"
          hint="Leave empty for none"
          {...field('supportEmail')}
        />
      </SettingsSection>

      <SettingsSection
        title="Withdrawals"
        description="Customers see the fee before they confirm a withdrawal; it is deducted from the amount."
        fieldsClassName="grid gap-5 sm:grid-cols-2"
      >
        <DecimalField
          label="Minimum withdrawal (USD)"
          hint="In dollars, 0 or more, e.g. 50.00"
          {...field('minWithdrawal')}
        />
        <DecimalField
          label="Withdrawal percentage (%)"
          hint="Fee from 0 to 100, e.g. 2.5"
          {...field('withdrawalPercent')}
        />
      </SettingsSection>

      <SettingsSection
        title="Default trading terms"
        description="The spread and maximum leverage of customers without a trading package. A BUY opens at the ask and a SELL at the bid: the market price plus or minus half the spread. A trading package replaces these terms while it is active."
        fieldsClassName="grid gap-5 sm:grid-cols-2"
      >
        <DecimalField
          label="Forex spread (pips)"
          hint="0 to 100, one decimal, e.g. 2.0"
          {...field('defaultForexSpreadPips')}
        />
        <DecimalField
          label="Crypto and stock spread (%)"
          hint="Of the price, 0 to 10, e.g. 0.20"
          {...field('defaultOtherSpreadPercent')}
        />
        <TextField
          label="Maximum leverage (largest lot size)"
          type="number"
          inputMode="numeric"
          hint="From 1 to 1000; default 100"
          {...numberField(form, 'defaultMaxLeverage')}
        />
      </SettingsSection>

      <SettingsSection
        title="Four-eyes approval"
        description="A withdrawal approval above this amount, or a manual adjustment or desk trade that takes the customer's manual adjustments and desk trades of the last 24 hours above it, waits on the Approvals tab until a second staff member approves it; so does any change of the deposit addresses. 0 turns it off. Lowering it, or turning it on, applies at once; raising it or turning it off waits for a second staff member."
        fieldsClassName="grid gap-5 sm:grid-cols-2"
      >
        <DecimalField
          label="Second approval above (USD)"
          hint={
            waiting
              ? 'In force; it can change again once the waiting change is decided'
              : 'In dollars, 0 or more; 0 = off'
          }
          readOnly={waiting !== null}
          className={waiting ? READ_ONLY_FIELD : undefined}
          {...field('fourEyesThreshold')}
        />
        {waiting ? (
          <PendingThresholdChange change={waiting} />
        ) : (
          <TextAreaField
            label="Reason for a threshold change"
            rows={2}
            // No maxLength: the browser would cut a longer paste without a word; the schema says it is too long.
            hint="Required when the threshold changes: recorded with your name in the audit log, and read by the second staff member when the change waits."
            {...field('fourEyesReason')}
          />
        )}
        <FourEyesReachNote className="sm:col-span-2" />
      </SettingsSection>

      <SettingsSection
        title="Identity verification limits"
        description="What an account whose identity is not verified may do in 30 days. A customer lifts these limits by verifying their identity (Account, Identity Verification). Requiring a verified identity for withdrawals, or lowering a limit, applies at once; no longer requiring it, or raising a limit, waits for a second staff member while four-eyes is on."
        fieldsClassName="grid gap-5 sm:grid-cols-2"
      >
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-brand-600 disabled:opacity-60"
            disabled={identityWaiting !== null}
            {...form.register('withdrawalsNeedVerifiedIdentity')}
          />
          Withdrawals need a verified identity
        </label>
        {identityWaiting ? (
          <PendingIdentityChange change={identityWaiting} />
        ) : identityChanged ? (
          <TextAreaField
            label="Reason for this change"
            rows={2}
            className="sm:col-span-2"
            hint="Required: recorded with your name in the audit log, and read by the second staff member when turning it off waits."
            {...field('identityReason')}
          />
        ) : null}
        <DecimalField
          label="Largest deposit of an unverified account in 30 days (USD)"
          hint={limitsWaiting ? LIMIT_IN_FORCE_HINT : 'In dollars, 0 or more, e.g. 1000.00'}
          readOnly={limitsWaiting !== null}
          className={limitsWaiting ? READ_ONLY_FIELD : undefined}
          {...field('unverifiedDepositLimit')}
        />
        <DecimalField
          label="Largest withdrawal of an unverified account in 30 days (USD)"
          hint={
            limitsWaiting
              ? LIMIT_IN_FORCE_HINT
              : 'In dollars, 0 or more; applies when withdrawals do not need a verified identity'
          }
          readOnly={limitsWaiting !== null}
          className={limitsWaiting ? READ_ONLY_FIELD : undefined}
          {...field('unverifiedWithdrawalLimit')}
        />
        {limitsWaiting ? (
          <PendingLimitsChange change={limitsWaiting} />
        ) : limitsChanged ? (
          <TextAreaField
            label="Reason for a limit change"
            rows={2}
            className="sm:col-span-2"
            hint="Required: recorded with your name in the audit log, and read by the second staff member when raising a limit waits."
            {...field('limitsReason')}
          />
        ) : null}
      </SettingsSection>

      <SettingsSection
        title="Identity documents: retention"
        description="A daily job erases ID images of declined submissions, and the approved identity records of closed accounts (anti-money-laundering rules keep them for years), and records what it erased."
        fieldsClassName="grid gap-5 sm:grid-cols-2"
      >
        <TextField
          label="Erase declined ID images after (days)"
          type="number"
          inputMode="numeric"
          hint="From 1 to 3650; default 30"
          {...numberField(form, 'declinedIdRetentionDays')}
        />
        <TextField
          label="Keep approved identity records of closed accounts for (years)"
          type="number"
          inputMode="numeric"
          hint="From 1 to 50; default 5"
          {...numberField(form, 'approvedIdRetentionYears')}
        />
      </SettingsSection>
    </SettingsFormFrame>
  );
}
