import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { completePasswordReset } from './auth-api.ts';
import { type NewPasswordForm, NewPasswordFormSchema } from './auth-form-schemas.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { InvalidLinkNotice } from './auth-notices.tsx';

export function NewPasswordPage() {
  const { token } = useSearch({ from: '/reset-password/new' });
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(token === '');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await completePasswordReset({ token, newPassword });
      notify.success(AUTH_MESSAGES.passwordReset);
      await navigate({ to: '/' });
    } catch (error) {
      if (isApiError(error, 'INVALID_TOKEN')) setInvalid(true);
      else setFailure(isApiError(error) ? error.message : AUTH_MESSAGES.genericFailure);
    }
  });

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
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
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
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save new password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
