import { RequestPasswordResetRequestSchema } from '@candor/contracts/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SupportEmailLine } from '../../components/support-email.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { settingsQuery } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { requestPasswordReset } from './auth-api.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { SuccessNotice } from './auth-notices.tsx';

/**
 * /reset-password. With no SMTP server configured (PRODUCT.md §2, decision 019) no e-mail leaves
 * the site and the link would only reach Messages, which a locked-out customer cannot open: the
 * page then says so and sends the customer to the site's administrators instead of offering a
 * form that would claim to send a link (also after a request made before the settings arrived).
 * Until the settings are known the page says it is loading, so no form shows only to be replaced;
 * settings that fail to load leave the form (the server still answers for itself).
 */
export function ResetPasswordPage() {
  const form = useZodForm(RequestPasswordResetRequestSchema);
  const settings = useQuery(settingsQuery);
  const noEmail = settings.data?.emailDelivery === 'none';
  const field = bindFields(form);

  const request = useMutation({ mutationFn: requestPasswordReset });
  const onSubmit = form.handleSubmit((values) => request.mutate(values));
  const failure = request.error
    ? isApiError(request.error, 'USER_NOT_FOUND')
      ? AUTH_MESSAGES.noAccountForEmail
      : AUTH_MESSAGES.resetFailed
    : null;

  return (
    <AuthLayout title="Reset your password" headerLink={{ to: '/', label: 'Login' }}>
      {settings.isPending ? (
        <LoadingState plain padding="py-6">
          Loading...
        </LoadingState>
      ) : noEmail ? (
        <div className="space-y-6">
          <div
            role="note"
            className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <p>{AUTH_MESSAGES.emailNotSetUp}</p>
            <SupportEmailLine className="mt-2" />
          </div>
          <BackToLogin />
          <CreateAccountLink />
        </div>
      ) : request.isSuccess ? (
        <div className="space-y-6">
          <SuccessNotice message={AUTH_MESSAGES.resetEmailSent} />
          <p className="text-sm text-slate-600">
            The link in the e-mail lets you choose a new password. It can be used once and expires after a
            while.
          </p>
          <BackToLogin />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-600">
            Enter the e-mail address of your account and we will send you a reset link.
          </p>
          <FormError message={failure} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <SubmitButton busy={request.isPending} busyLabel="Sending..." className="w-full">
            Send Reset Link
          </SubmitButton>
          <CreateAccountLink />
        </form>
      )}
    </AuthLayout>
  );
}

function BackToLogin() {
  return (
    <Link to="/" className="block text-center text-sm font-semibold text-brand-700 hover:text-brand-600">
      Back to login
    </Link>
  );
}

/** Seed-spec §2 (Public): /reset-password links to create an account, labelled as the login page's "Create account". */
function CreateAccountLink() {
  return (
    <p className="text-center text-sm text-slate-500">
      Don't have an account?{' '}
      <Link to="/signup" className="font-semibold text-brand-700 hover:text-brand-600">
        Create account
      </Link>
    </p>
  );
}
