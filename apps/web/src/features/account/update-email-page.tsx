import { SAME_EMAIL_MESSAGE } from '@candor/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SendVerificationAgainButton, UnverifiedEmailBadge } from '../../components/email-verification.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding, useSiteSettings } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { changeEmail } from './account-api.ts';
import { changeEmailFormSchema } from './account-form-schemas.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { BackToAccount, FormPanel } from './account-parts.tsx';

export function UpdateEmailPage() {
  useDocumentBranding('Update email');
  const me = useMe();
  const schema = useMemo(() => changeEmailFormSchema(me.email), [me.email]);
  const form = useZodForm(schema, { newEmail: '', password: '' });
  const field = bindFields(form);
  const { handleSubmit, reset, setError } = form;
  // Without SMTP the link is not e-mailed: it is only in the account's Messages (decision 019).
  const noEmail = useSiteSettings()?.emailDelivery === 'none';
  const queryClient = useQueryClient();

  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ message }) => {
      // The link is also in Messages: the header's unread count and the list read it at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
      notify.success(
        message || ACCOUNT_MESSAGES.verificationSent,
        noEmail ? { description: ACCOUNT_MESSAGES.linkInMessages } : undefined,
      );
      reset();
    },
    onError: (error) => {
      if (isApiError(error, 'WRONG_PASSWORD')) notify.error(ACCOUNT_MESSAGES.wrongPassword);
      else if (
        isApiError(error, 'EMAIL_TAKEN') ||
        (isApiError(error, 'VALIDATION_FAILED') && error.message === SAME_EMAIL_MESSAGE)
      )
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
          {me.emailVerified ? null : (
            <span className="mt-2 flex flex-wrap items-center gap-2">
              <UnverifiedEmailBadge />
              <SendVerificationAgainButton />
            </span>
          )}
        </p>
        {noEmail ? (
          <p
            role="note"
            className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {ACCOUNT_MESSAGES.linkInMessages}
          </p>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label="New email" type="email" autoComplete="email" {...field('newEmail')} />
          <PasswordField label="Current password" autoComplete="current-password" {...field('password')} />
          <FormSubmitRow busy={change.isPending} busyLabel="Updating..." className="pt-2">
            Update Email
          </FormSubmitRow>
        </form>
      </FormPanel>
    </div>
  );
}
