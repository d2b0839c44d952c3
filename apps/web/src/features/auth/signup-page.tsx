import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { signUp } from './auth-api.ts';
import { SignUpFormSchema } from './auth-form-schemas.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';

const TAKEN_FIELDS = [
  { code: 'USERNAME_TAKEN', field: 'username' },
  { code: 'EMAIL_TAKEN', field: 'email' },
] as const;

export function SignupPage() {
  const navigate = useNavigate();
  const form = useZodForm(SignUpFormSchema);
  const field = bindFields(form);

  const signup = useMutation({
    mutationFn: signUp,
    onSuccess: async () => {
      notify.success(AUTH_MESSAGES.accountCreated);
      await navigate({ to: '/' });
    },
    onError: (error) => {
      const field = TAKEN_FIELDS.find(({ code }) => isApiError(error, code))?.field;
      if (field) form.setError(field, { message: error.message }, { shouldFocus: true });
    },
  });
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...account }) => signup.mutate(account));
  // A name or address already taken is said under its field; anything else above the form.
  const failure =
    signup.error && !TAKEN_FIELDS.some(({ code }) => isApiError(signup.error, code))
      ? isApiError(signup.error)
        ? signup.error.message
        : AUTH_MESSAGES.genericFailure
      : null;

  return (
    <AuthLayout title="Create an account" headerLink={{ to: '/', label: 'Login' }}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={failure} />
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField label="Full name" autoComplete="name" {...field('fullname')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
        <SubmitButton busy={signup.isPending} busyLabel="Loading..." className="w-full">
          Sign up
        </SubmitButton>
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
