import {
  UpdateWithdrawalSettingsRequestSchema,
  type WithdrawalSettings,
} from '@candor/contracts/withdrawal-settings';
import { z } from 'zod';

/** The seed's toasts (seed-spec §8). */
export const WITHDRAWAL_SETTINGS_MESSAGES = {
  updated: 'Withdrawal settings updated successfully',
  failed: 'Failed to update withdrawal settings',
} as const;

const SwitchSchema = z.enum(['enable', 'disable']);

/**
 * The form's values (Enable/Disable choices, the reason as typed), checked and turned into the
 * request by the contract's own schema: a hold needs a reason; without a hold no reason is sent.
 */
export const WithdrawalSettingsFormSchema = z
  .object({ holdEnabled: SwitchSchema, holdReason: z.string(), requireCode: SwitchSchema })
  .transform(
    (form): z.input<typeof UpdateWithdrawalSettingsRequestSchema> => ({
      holdEnabled: form.holdEnabled === 'enable',
      holdReason: form.holdEnabled === 'enable' ? form.holdReason : '',
      requireCode: form.requireCode === 'enable',
    }),
  )
  .pipe(UpdateWithdrawalSettingsRequestSchema);
export type WithdrawalSettingsForm = z.input<typeof WithdrawalSettingsFormSchema>;

export function toWithdrawalSettingsForm(settings: WithdrawalSettings): WithdrawalSettingsForm {
  return {
    holdEnabled: settings.holdEnabled ? 'enable' : 'disable',
    holdReason: settings.holdReason ?? '',
    requireCode: settings.requireCode ? 'enable' : 'disable',
  };
}
