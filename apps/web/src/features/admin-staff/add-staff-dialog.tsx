import { CreateStaffMemberRequestSchema, STAFF_MESSAGES } from '@candor/contracts/staff-members';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { RoleField } from './role-options.tsx';
import { createStaffMember } from './staff-api.ts';

/** Refusals that belong to one field: shown beside it. */
const FIELD_ERRORS = [
  { code: 'USERNAME_TAKEN', field: 'username' },
  { code: 'EMAIL_TAKEN', field: 'email' },
  { code: 'WEAK_PASSWORD', field: 'password' },
] as const;

/** Adds a staff member: a verified account with an initial password the owner hands over. */
export function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(CreateStaffMemberRequestSchema, { role: 'support' });
  const field = bindFields(form);
  const role = form.watch('role');
  const create = useMutation({
    mutationFn: createStaffMember,
    onSuccess: async () => {
      notify.success(STAFF_MESSAGES.memberAdded);
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
      <p className="mt-1 text-sm text-slate-500">
        The account is verified at once. {STAFF_PASSWORD_MESSAGES.chooseOwnAtFirstSignIn}
      </p>
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
