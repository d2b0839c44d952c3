import { type RequestPasswordResetRequest, RequestPasswordResetRequestSchema } from '@candor/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { requestPasswordReset } from './auth-api.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { SuccessNotice } from './auth-notices.tsx';

export function ResetPasswordPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetRequest>({
    resolver: zodResolver(RequestPasswordResetRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await requestPasswordReset(values);
      setSent(AUTH_MESSAGES.resetEmailSent);
    } catch (error) {
      setFailure(
        isApiError(error, 'USER_NOT_FOUND') ? AUTH_MESSAGES.noAccountForEmail : AUTH_MESSAGES.resetFailed,
      );
    }
  });

  return (
    <AuthLayout title="Reset your password" headerLink={{ to: '/', label: 'Login' }}>
      {sent ? (
        <div className="space-y-6">
          <SuccessNotice message={sent} />
          <p className="text-sm text-slate-600">
            The link in the e-mail lets you choose a new password. It can be used once and expires after a
            while.
          </p>
          <Link
            to="/"
            className="block text-center text-sm font-semibold text-brand-700 hover:text-brand-600"
          >
            Back to login
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-600">
            Enter the e-mail address of your account and we will send you a reset link.
          </p>
          <FormError message={failure} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <p className="text-center text-sm text-slate-500">
            Don't have an account?{' '}
            <Link to="/signup" className="font-semibold text-brand-700 hover:text-brand-600">
              Create account
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
