import type { EmailDelivery } from '@candor/contracts/site-settings';
import { CreateStaffMemberRequestSchema, STAFF_MESSAGES } from '@candor/contracts/staff-members';
import { resetLinkCommand, STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { RoleField } from './role-options.tsx';
import { createStaffMember } from './staff-api.ts';

/** Refusals that belong to one field: shown beside it. */
const FIELD_ERRORS = [
  { code: 'USERNAME_TAKEN', field: 'username' },
  { code: 'EMAIL_TAKEN', field: 'email' },
  { code: 'WEAK_PASSWORD', field: 'password' },
] as const;

/**
 * Adds a staff member: a verified account with an initial password that does not sign them in
 * (decision 049). The dialog and its toast say how they reach a first password on this site: Forgot
 * password with SMTP; without it, the operator's reset link (a reset mail would only be kept in the
 * app, where they cannot sign in to read it).
 */
export function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const delivery = useSiteSettings()?.emailDelivery;
  const form = useZodForm(CreateStaffMemberRequestSchema, { role: 'support' });
  const field = bindFields(form);
  const role = form.watch('role');
  const email = form.watch('email');
  const create = useMutation({
    mutationFn: createStaffMember,
    onSuccess: async (member) => {
      notify.success(STAFF_MESSAGES.memberAdded, addedToastOptions(delivery, member.email));
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
      onClose();
    },
    onError: (error) => {
      const own = FIELD_ERRORS.find(({ code }) => isApiError(error, code))?.field;
      if (own) form.setError(own, { message: error.message }, { shouldFocus: true });
      else notify.error(error.message);
    },
  });
  return (
    <Dialog title="Add staff member" busy={create.isPending} onCancel={onClose}>
      <FirstPassword delivery={delivery} email={email} />
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
      >
        <TextField label="Full name" autoComplete="off" {...field('fullname')} />
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
        <TextField label="Username" autoComplete="off" {...field('username')} />
        <PasswordField
          label="Initial password"
          autoComplete="new-password"
          hint={STAFF_PASSWORD_MESSAGES.hint}
          {...field('password')}
        />
        <RoleField role={role} registration={form.register('role')} />
        <DialogButtons
          busy={create.isPending}
          onCancel={onClose}
          confirmLabel="Add staff member"
          busyLabel="Adding..."
          variant="primary"
        />
      </form>
    </Dialog>
  );
}

/** How the new member reaches a first password, as this site delivers mail (nothing while unknown). */
function FirstPassword({
  delivery,
  email,
}: {
  delivery: EmailDelivery | undefined;
  email: string | undefined;
}) {
  if (delivery !== 'none') {
    return (
      <p className="mt-1 text-sm text-slate-500">
        The account is verified at once.{' '}
        {delivery === 'smtp' ? STAFF_PASSWORD_MESSAGES.chooseOwnAtFirstSignIn : null}
      </p>
    );
  }
  return (
    <div className="mt-1 space-y-2 text-sm text-slate-500">
      <p>The account is verified at once. {STAFF_PASSWORD_MESSAGES.chooseOwnFromResetLink}</p>
      <Command>{resetLinkCommand(email?.trim() || '<their e-mail>')}</Command>
    </div>
  );
}

/** A command for whoever runs the server, on a line of its own. */
function Command({ children }: { children: string }) {
  return (
    <code className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-800">
      {children}
    </code>
  );
}

/** The toast's second line: where the new member gets a first password; without SMTP it stays up. */
function addedToastOptions(delivery: EmailDelivery | undefined, email: string) {
  if (delivery === 'smtp') return { description: STAFF_PASSWORD_MESSAGES.addedWithEmail };
  if (delivery === 'none') {
    return {
      description: (
        <span className="block space-y-1.5">
          <span className="block">{STAFF_PASSWORD_MESSAGES.addedWithoutEmail}</span>
          <Command>{resetLinkCommand(email)}</Command>
        </span>
      ),
      duration: Number.POSITIVE_INFINITY,
    };
  }
  return undefined;
}
