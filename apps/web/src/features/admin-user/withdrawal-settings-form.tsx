import type {
  UpdateWithdrawalSettingsRequest,
  WithdrawalSettings,
} from '@candor/contracts/withdrawal-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { updateWithdrawalSettings, withdrawalSettingsQuery } from './admin-user-api.ts';
import { ChoiceGroup } from './form-fields.tsx';
import {
  toWithdrawalSettingsForm,
  WITHDRAWAL_SETTINGS_MESSAGES,
  WithdrawalSettingsFormSchema,
} from './withdrawal-settings-form-schema.ts';

const SWITCH = [
  { value: 'disable', label: 'Disable' },
  { value: 'enable', label: 'Enable' },
] as const;

/** Loads the user's withdrawal settings, then shows the form filled with them. */
export function WithdrawalSettingsPanel({ userId }: { userId: string }) {
  const query = useQuery(withdrawalSettingsQuery(userId));
  return (
    <QueryPanel
      query={query}
      loading="Loading withdrawal settings..."
      failed="The withdrawal settings could not be loaded."
      padding="py-6"
    >
      {(settings) => <WithdrawalSettingsForm userId={userId} settings={settings} />}
    </QueryPanel>
  );
}

/**
 * "Withdrawal hold" (with the reason the customer sees) and "Require e-mail confirmation code"
 * (PRODUCT.md §2): the code itself is e-mailed to the customer; administrators never see or set it.
 */
export function WithdrawalSettingsForm({
  userId,
  settings,
}: {
  userId: string;
  settings: WithdrawalSettings;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm(WithdrawalSettingsFormSchema, toWithdrawalSettingsForm(settings));
  const field = bindFields(form);
  const { register, handleSubmit, reset, watch } = form;
  const holdEnabled = watch('holdEnabled') === 'enable';

  const save = useMutation({
    mutationFn: (values: UpdateWithdrawalSettingsRequest) => updateWithdrawalSettings(userId, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.adminWithdrawalSettings(userId), saved);
      reset(toWithdrawalSettingsForm(saved));
      notify.success(WITHDRAWAL_SETTINGS_MESSAGES.updated);
    },
    onError: (error) =>
      notify.error(WITHDRAWAL_SETTINGS_MESSAGES.failed, { description: errorMessage(error) }),
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Withdrawal settings" className="space-y-5">
      <div className="space-y-3">
        <ChoiceGroup legend="Withdrawal hold" choices={SWITCH} inputProps={register('holdEnabled')} />
        <p className="text-xs text-slate-500">
          While enabled, new withdrawal requests are recorded as "On hold" and the customer sees the reason.
        </p>
        {holdEnabled ? <TextAreaField label="Reason shown to the customer" {...field('holdReason')} /> : null}
      </div>
      <div className="space-y-3">
        <ChoiceGroup
          legend="Require e-mail confirmation code"
          choices={SWITCH}
          inputProps={register('requireCode')}
        />
        <p className="text-xs text-slate-500">
          While enabled, each withdrawal request waits until the customer enters the 6-digit code e-mailed to
          them.
        </p>
      </div>
      <FormSubmitRow busy={save.isPending} busyLabel="Updating..." minWidth="sm:min-w-40">
        Update Settings
      </FormSubmitRow>
    </form>
  );
}
