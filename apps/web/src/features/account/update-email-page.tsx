import { type ChangeEmailRequest, ChangeEmailRequestSchema } from '@candor/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { changeEmail } from './account-api.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { BackToAccount, FormPanel } from './account-parts.tsx';

export function UpdateEmailPage() {
  useDocumentBranding('Update email');
  const me = useMe();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeEmailRequest>({
    resolver: zodResolver(ChangeEmailRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newEmail: '', password: '' },
  });

  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ message }) => {
      notify.success(message || ACCOUNT_MESSAGES.verificationSent);
      reset();
    },
    onError: (error) => {
      if (isApiError(error, 'WRONG_PASSWORD')) notify.error(ACCOUNT_MESSAGES.wrongPassword);
      else if (isApiError(error, 'EMAIL_TAKEN'))
        setError('newEmail', { message: error.message }, { shouldFocus: true });
      else if (isApiError(error, 'VALIDATION_FAILED')) notify.error(ACCOUNT_MESSAGES.invalidEmail);
      else notify.error(ACCOUNT_MESSAGES.emailUpdateFailed);
    },
  });
  const onSubmit = handleSubmit((values) => change.mutate(values));

  return (
    <div>
      <BackToAccount />
      <PageHeader
        title="Update email"
        description="We send a verification link to the new address. Your e-mail changes once you open it."
      />
      <FormPanel>
        <p className="mb-5 text-sm text-slate-600">
          Current address: <span className="font-medium break-all text-slate-900">{me.email}</span>
        </p>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            error={errors.newEmail?.message}
            {...register('newEmail')}
          />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="flex justify-end pt-2">
            <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending}>
              {change.isPending ? 'Updating...' : 'Update Email'}
            </Button>
          </div>
        </form>
      </FormPanel>
    </div>
  );
}
