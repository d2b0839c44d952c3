import { GrantStaffRoleRequestSchema, STAFF_MESSAGES } from '@candor/contracts/staff-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { RoleField } from './role-options.tsx';
import { grantStaffRole } from './staff-api.ts';

/** Gives a staff role to an account that already exists, found by its e-mail. */
export function GrantRoleDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(GrantStaffRoleRequestSchema, { role: 'support' });
  const field = bindFields(form);
  const role = form.watch('role');
  const grant = useMutation({
    mutationFn: grantStaffRole,
    onSuccess: async () => {
      notify.success(STAFF_MESSAGES.roleChanged);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
      onClose();
    },
    onError: (error) => form.setError('email', { message: error.message }, { shouldFocus: true }),
  });
  return (
    <Dialog title="Give a role to an existing account" busy={grant.isPending} onCancel={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((values) => grant.mutate(values))}
      >
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
        <RoleField role={role} registration={form.register('role')} />
        <DialogButtons
          busy={grant.isPending}
          onCancel={onClose}
          confirmLabel="Give role"
          busyLabel="Saving..."
          variant="primary"
        />
      </form>
    </Dialog>
  );
}
