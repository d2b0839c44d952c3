import { SignInRequestSchema } from '@candor/contracts/auth';
import { SignInSecondFactorRequestSchema } from '@candor/contracts/two-factor';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { signIn, signInWithSecondFactor } from './auth-api.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export function LoginPage() {
  const navigate = useNavigate();
  // The e-mailed unlock link (?unlock=…) goes with the password; it is used only when it is needed.
  const { unlock } = useSearch({ from: '/' });
  const [failure, setFailure] = useState<string | null>(null);
  // The password was right and the account has two-factor on: the code is asked next.
  const [codeStep, setCodeStep] = useState(false);
  const form = useZodForm(SignInRequestSchema);
  const field = bindFields(form);
  const { isSubmitting } = form.formState;

  // The one form that stays off useMutation: this page is the app's entry, and useMutation would
  // add its observer (about 1 KB gzipped) to the JavaScript every visitor loads first.
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await signIn(unlock ? { ...values, unlockToken: unlock } : values);
      if ('twoFactorRequired' in answer) {
        setCodeStep(true);
        return;
      }
      queryClient.setQueryData(queryKeys.session, answer);
      await navigate({ to: '/dashboard' });
    } catch (error) {
      const throttled = isApiError(error, 'TOO_MANY_ATTEMPTS') || isApiError(error, 'RATE_LIMITED');
      setFailure(throttled ? error.message : LOGIN_FAILED);
    }
  });

  if (codeStep) {
    return (
      <SecondFactorStep
        onBack={(message) => {
          setCodeStep(false);
          form.setValue('password', '');
          setFailure(message);
        }}
      />
    );
  }

  return (
    <AuthLayout title="Login into your account" headerLink={{ to: '/signup', label: 'Create account' }}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={failure} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <div className="flex justify-end">
          <Link to="/reset-password" className="text-sm font-medium text-brand-700 hover:text-brand-600">
            Forgot password
          </Link>
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Logging in..." className="w-full">
          Login
        </SubmitButton>
      </form>
      <div className="mt-4">
        <PasskeySignIn onFailure={setFailure} />
      </div>
    </AuthLayout>
  );
}

/** The authenticator code (or a recovery code) after a right password; the session starts only here. */
function SecondFactorStep({ onBack }: { onBack: (message: string | null) => void }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(SignInSecondFactorRequestSchema, { code: '' });
  const field = bindFields(form);
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await signInWithSecondFactor(values);
      queryClient.setQueryData(queryKeys.session, session);
      await navigate({ to: '/dashboard' });
    } catch (error) {
      // The challenge is over (expired, or too many wrong codes): the password is asked again.
      if (isApiError(error, 'TWO_FACTOR_CHALLENGE_EXPIRED') || isApiError(error, 'TOO_MANY_ATTEMPTS')) {
        onBack(error.message);
      } else {
        setFailure(isApiError(error) ? error.message : LOGIN_FAILED);
      }
    }
  });

  return (
    <AuthLayout title="Two-factor authentication" headerLink={{ to: '/signup', label: 'Create account' }}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-600">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <FormError message={failure} />
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          {...field('code')}
        />
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => onBack(null)}
            className="text-sm font-medium text-brand-700 hover:text-brand-600"
          >
            Back to login
          </button>
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Verifying..." className="w-full">
          Verify
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
