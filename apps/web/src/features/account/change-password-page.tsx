import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { changePassword } from './account-api.ts';
import { type ChangePasswordForm, ChangePasswordFormSchema } from './account-form-schemas.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { BackToAccount, FormPanel } from './account-parts.tsx';

export function ChangePasswordPage() {
  useDocumentBranding('Change password');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify.success(ACCOUNT_MESSAGES.passwordUpdated);
      reset();
    },
    onError: (error) => {
      if (isApiError(error, 'WRONG_PASSWORD')) notify.error(ACCOUNT_MESSAGES.wrongCurrentPassword);
      else notify.error(ACCOUNT_MESSAGES.passwordUpdateFailed(errorMessage(error)));
    },
  });
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );

  return (
    <div>
      <BackToAccount />
      <PageHeader
        title="Change password"
        description="Use at least 8 characters. Your other signed-in devices will be signed out."
      />
      <FormPanel>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <div className="flex justify-end pt-2">
            <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending}>
              {change.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </FormPanel>
    </div>
  );
}
