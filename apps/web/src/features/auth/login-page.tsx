import { SignInRequestSchema } from '@candor/contracts/auth';
import { Link, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { signIn } from './auth-api.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { useContinueAfterSignIn } from './return-path.ts';

// Asked only after a right password of an account with two-factor on: loaded then (decision 033).
const SecondFactorStep = lazy(() =>
  import('./login-second-factor.tsx').then((module) => ({ default: module.SecondFactorStep })),
);

export function LoginPage() {
  const continueAfterSignIn = useContinueAfterSignIn();
  // The e-mailed unlock link (?unlock=…) goes with the password; it is used only when it is needed.
  const { unlock } = useSearch({ from: '/' });
  const [failure, setFailure] = useState<string | null>(null);
  // Under a failed sign-in: the account's password was reset with the operator's link lately (019).
  const [notice, setNotice] = useState<string | null>(null);
  // The password was right and the account has two-factor on: the code is asked next.
  const [codeStep, setCodeStep] = useState(false);
  // Not useZodForm: react-hook-form would be a tenth of what every visitor loads first (decision 033).
  const form = useLightForm(SignInRequestSchema);
  const { field, isSubmitting } = form;

  // The one form that stays off useMutation: this page is the app's entry, and useMutation would
  // add its observer (about 1 KB gzipped) to the JavaScript every visitor loads first.
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setNotice(null);
    try {
      const answer = await signIn(unlock ? { ...values, unlockToken: unlock } : values);
      if ('twoFactorRequired' in answer) {
        setCodeStep(true);
        return;
      }
      queryClient.setQueryData(queryKeys.session, answer);
      await continueAfterSignIn();
    } catch (error) {
      // The server's words when they tell what to do: wait, or (a staff password too easy to guess) reset it.
      const actionable =
        isApiError(error, 'TOO_MANY_ATTEMPTS') ||
        isApiError(error, 'RATE_LIMITED') ||
        isApiError(error, 'PASSWORD_CHANGE_REQUIRED');
      setFailure(actionable ? error.message : AUTH_MESSAGES.loginFailed);
      if (isApiError(error, 'INVALID_CREDENTIALS')) setNotice(error.notice ?? null);
    }
  });

  if (codeStep) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <SecondFactorStep
          onBack={(message) => {
            setCodeStep(false);
            form.setValue('password', '');
            setFailure(message);
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout title="Login into your account" headerLink={{ to: '/signup', label: 'Create account' }}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={failure} notice={notice} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <div className="flex justify-end">
          {/* 44 px high for a finger on a phone; the negative margins keep the form as it was. */}
          <Link
            to="/reset-password"
            className="-my-3 py-3 text-sm font-medium text-brand-700 hover:text-brand-600"
          >
            Forgot password
          </Link>
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Logging in..." className="w-full">
          Login
        </SubmitButton>
      </form>
      <div className="mt-4">
        <PasskeySignIn
          onFailure={(message) => {
            setNotice(null);
            setFailure(message);
          }}
        />
      </div>
    </AuthLayout>
  );
}
