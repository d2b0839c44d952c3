import { SETUP_MESSAGES } from '@candor/contracts/setup';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { SignUpFormSchema } from './auth-form-schemas.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { InvalidLinkNotice } from './auth-notices.tsx';
import { createOwner, readSetupStatus } from './setup-api.ts';

/** Refusals that belong to one field: shown beside it. */
const FIELD_ERRORS = [
  { code: 'USERNAME_TAKEN', field: 'username' },
  { code: 'EMAIL_TAKEN', field: 'email' },
  { code: 'WEAK_PASSWORD', field: 'password' },
] as const;

/**
 * /setup?token=…: the first run of a new installation. The link the server printed lets the first
 * person create the owner account; once used (or once any staff account exists) it says so.
 */
export function SetupPage() {
  const { token } = useSearch({ from: '/setup' });
  const status = useQuery({
    queryKey: queryKeys.setup(token),
    queryFn: ({ signal }) => readSetupStatus(token, signal),
    enabled: token !== '',
    retry: false,
  });
  const invalid = token === '' || status.isError || status.data?.valid === false;

  return (
    <AuthLayout title="Create the owner account" headerLink={{ to: '/', label: 'Login' }}>
      {invalid ? (
        <InvalidLinkNotice message={SETUP_MESSAGES.invalidLink} action={{ to: '/', label: 'Go to login' }} />
      ) : status.isPending ? (
        <div role="status" className="flex items-center gap-3 py-4 text-sm text-slate-600">
          <Spinner className="h-5 w-5 text-brand-600" />
          Checking the setup link...
        </div>
      ) : (
        <OwnerForm token={token} />
      )}
    </AuthLayout>
  );
}

function OwnerForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useZodForm(SignUpFormSchema);
  const field = bindFields(form);
  const create = useMutation({
    mutationFn: createOwner,
    onSuccess: async () => {
      // Sign-up's own words (seed §8): the owner is told, as any new account is, to log in now.
      notify.success(AUTH_MESSAGES.accountCreated);
      await navigate({ to: '/' });
    },
    onError: (error) => {
      const own = FIELD_ERRORS.find(({ code }) => isApiError(error, code))?.field;
      if (own) form.setError(own, { message: error.message }, { shouldFocus: true });
    },
  });
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...account }) =>
    create.mutate({ ...account, token }),
  );
  const usedLink = isApiError(create.error, 'INVALID_TOKEN');
  const failure =
    create.error && !usedLink && !FIELD_ERRORS.some(({ code }) => isApiError(create.error, code))
      ? isApiError(create.error)
        ? create.error.message
        : AUTH_MESSAGES.genericFailure
      : null;
  if (usedLink) {
    return (
      <InvalidLinkNotice message={SETUP_MESSAGES.invalidLink} action={{ to: '/', label: 'Go to login' }} />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-500">
        This installation has no administrator yet. The owner manages the platform and its staff; this link
        works once.
      </p>
      <FormError message={failure} />
      <TextField label="Full name" autoComplete="name" {...field('fullname')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={STAFF_PASSWORD_MESSAGES.hint}
        {...field('password')}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
      <SubmitButton busy={create.isPending} busyLabel="Creating..." className="w-full">
        Create the owner account
      </SubmitButton>
    </form>
  );
}
