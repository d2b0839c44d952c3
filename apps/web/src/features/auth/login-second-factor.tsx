import { SignInSecondFactorRequestSchema } from '@candor/contracts/two-factor';
import { useState } from 'react';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { signInWithSecondFactor } from './auth-api.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { useContinueAfterSignIn } from './return-path.ts';

/** The authenticator code (or a recovery code) after a right password; the session starts only here. */
export function SecondFactorStep({ onBack }: { onBack: (message: string | null) => void }) {
  const continueAfterSignIn = useContinueAfterSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useLightForm(SignInSecondFactorRequestSchema);
  const { field, isSubmitting } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await signInWithSecondFactor(values);
      queryClient.setQueryData(queryKeys.session, session);
      await continueAfterSignIn();
    } catch (error) {
      // The challenge is over (expired, or too many wrong codes): the password is asked again.
      if (isApiError(error, 'TWO_FACTOR_CHALLENGE_EXPIRED') || isApiError(error, 'TOO_MANY_ATTEMPTS')) {
        onBack(error.message);
      } else {
        setFailure(isApiError(error) ? error.message : AUTH_MESSAGES.loginFailed);
      }
    }
  });

  return (
    <AuthLayout title="Two-factor authentication">
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
