import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { signUp } from './auth-api.ts';
import { type SignUpForm, SignUpFormSchema } from './auth-form-schemas.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';

export function SignupPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(SignUpFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...account }) => {
    setFailure(null);
    try {
      await signUp(account);
      notify.success(AUTH_MESSAGES.accountCreated);
      await navigate({ to: '/' });
    } catch (error) {
      if (isApiError(error, 'USERNAME_TAKEN'))
        setError('username', { message: error.message }, { shouldFocus: true });
      else if (isApiError(error, 'EMAIL_TAKEN'))
        setError('email', { message: error.message }, { shouldFocus: true });
      else setFailure(isApiError(error) ? error.message : AUTH_MESSAGES.genericFailure);
    }
  });

  return (
    <AuthLayout title="Create an account" headerLink={{ to: '/', label: 'Login' }}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={failure} />
        <TextField
          label="Username"
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.fullname?.message}
          {...register('fullname')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Loading...' : 'Sign up'}
        </Button>
        <p className="text-center text-sm text-slate-500">
          Already have an account?{' '}
          <Link to="/" className="font-semibold text-brand-700 hover:text-brand-600">
            Login
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
