import { isStaffRole } from '@candor/contracts/staff';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/card.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { PasswordField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { changePassword } from './account-api.ts';
import { ChangePasswordFormSchema } from './account-form-schemas.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { BackToAccount, FormPanel } from './account-parts.tsx';

export function ChangePasswordPage() {
  useDocumentBranding('Change password');
  const staff = isStaffRole(useMe().role);
  const form = useZodForm(ChangePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const field = bindFields(form);
  const { handleSubmit, reset } = form;
  const queryClient = useQueryClient();

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      // The server mails a notice of the change: the header's unread count and Messages read it at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
      notify.success(ACCOUNT_MESSAGES.passwordUpdated);
      reset();
    },
    onError: (error) => {
      if (isApiError(error, 'WRONG_PASSWORD')) notify.error(ACCOUNT_MESSAGES.wrongCurrentPassword);
      else if (isApiError(error, 'WEAK_PASSWORD')) {
        form.setError('newPassword', { message: error.message }, { shouldFocus: true });
      } else notify.error(ACCOUNT_MESSAGES.passwordUpdateFailed(errorMessage(error)));
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
        description={`Use at least 8 characters.${staff ? ` ${STAFF_PASSWORD_MESSAGES.hint}` : ''} Your other signed-in devices will be signed out.`}
      />
      <FormPanel>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <PasswordField label="New password" autoComplete="new-password" {...field('newPassword')} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <FormSubmitRow busy={change.isPending} busyLabel="Updating..." className="pt-2">
            Update Password
          </FormSubmitRow>
        </form>
      </FormPanel>
    </div>
  );
}
