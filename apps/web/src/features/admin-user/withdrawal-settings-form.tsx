import type {
  UpdateWithdrawalSettingsRequest,
  WithdrawalSettings,
} from '@candor/contracts/withdrawal-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { updateWithdrawalSettings, withdrawalSettingsQuery } from './admin-user-api.ts';
import { ChoiceGroup } from './form-fields.tsx';
import {
  type WithdrawalSettingsForm as FormValues,
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
  const { data, isPending, isError, refetch } = useQuery(withdrawalSettingsQuery(userId));
  if (isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
        <Spinner className="h-5 w-5 text-brand-600" /> Loading withdrawal settings...
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
        The withdrawal settings could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <WithdrawalSettingsForm userId={userId} settings={data} />;
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
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, UpdateWithdrawalSettingsRequest>({
    resolver: zodResolver(WithdrawalSettingsFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: toWithdrawalSettingsForm(settings),
  });
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
        {holdEnabled ? (
          <TextAreaField
            label="Reason shown to the customer"
            error={errors.holdReason?.message}
            {...register('holdReason')}
          />
        ) : null}
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
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-40" disabled={save.isPending}>
          {save.isPending ? 'Updating...' : 'Update Settings'}
        </Button>
      </div>
    </form>
  );
}
