import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { PasswordField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { completePasswordReset } from './auth-api.ts';
import { NewPasswordFormSchema } from './auth-form-schemas.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { InvalidLinkNotice } from './auth-notices.tsx';

export function NewPasswordPage() {
  const { token } = useSearch({ from: '/reset-password/new' });
  const navigate = useNavigate();
  const form = useZodForm(NewPasswordFormSchema);
  const field = bindFields(form);

  const save = useMutation({
    mutationFn: (newPassword: string) => completePasswordReset({ token, newPassword }),
    onSuccess: async () => {
      notify.success(AUTH_MESSAGES.passwordReset);
      await navigate({ to: '/' });
    },
    // A staff member's password too easy to guess (decision 049) is said beside the field, as on
    // the change-password and setup pages.
    onError: (error) => {
      if (isApiError(error, 'WEAK_PASSWORD')) {
        form.setError('newPassword', { message: error.message }, { shouldFocus: true });
      }
    },
  });
  const onSubmit = form.handleSubmit(({ newPassword }) => save.mutate(newPassword));
  // A used, wrong or expired link cannot be tried again: the form gives way to the notice.
  const invalid = token === '' || isApiError(save.error, 'INVALID_TOKEN');
  const failure =
    save.error && !isApiError(save.error, 'WEAK_PASSWORD')
      ? isApiError(save.error)
        ? save.error.message
        : AUTH_MESSAGES.genericFailure
      : null;

  return (
    <AuthLayout title="Choose a new password" headerLink={{ to: '/', label: 'Login' }}>
      {invalid ? (
        <InvalidLinkNotice
          message={AUTH_MESSAGES.invalidLink}
          action={{ to: '/reset-password', label: 'Request a new link' }}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormError message={failure} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters."
            {...field('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <SubmitButton busy={save.isPending} busyLabel="Saving..." className="w-full">
            Save new password
          </SubmitButton>
        </form>
      )}
    </AuthLayout>
  );
}
