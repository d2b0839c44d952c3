import { AddPasskeyRequestSchema, PASSKEY_MESSAGES, type Passkey } from '@candor/contracts/passkeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { browserSupportsPasskeys } from '../../lib/passkey-browser.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { addPasskey, deletePasskey, passkeysQuery } from './passkeys-api.ts';

const PasskeyNameSchema = AddPasskeyRequestSchema.pick({ name: true });

const COLUMNS: readonly Column[] = [
  { label: 'Name' },
  { label: 'Added' },
  { label: 'Action', className: 'text-right' },
];

/**
 * The customer's passkeys on /account (issue 11 item 4): an optional way to sign in without the
 * password. They add one (named), see each with when it was added, and delete one after confirming.
 */
export function PasskeysSection() {
  const { data, isPending, isError, refetch } = useQuery(passkeysQuery);
  const [deleting, setDeleting] = useState<Passkey | null>(null);

  return (
    <section aria-labelledby="passkeys" className="space-y-4">
      <div>
        <h2 id="passkeys" className="text-base font-semibold text-slate-900">
          Passkeys
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">
          Sign in with your fingerprint, face or device PIN instead of your password. Your password keeps
          working.
        </p>
      </div>
      {browserSupportsPasskeys() ? (
        <AddPasskeyForm />
      ) : (
        <p className="text-sm text-slate-500">This browser cannot create passkeys.</p>
      )}
      {isPending ? (
        <LoadingState>Loading passkeys...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your passkeys could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No passkeys yet." />
      ) : (
        <DataTable columns={COLUMNS}>
          {data.items.map((passkey) => (
            <tr key={passkey.id}>
              <td className="px-4 py-3 font-medium break-all text-slate-900">{passkey.name ?? 'Passkey'}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
              </td>
              <td className="px-4 py-3 text-right">
                <Button
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={`Delete passkey ${passkey.name ?? ''}`.trim()}
                  onClick={() => setDeleting(passkey)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {deleting ? <DeletePasskeyDialog passkey={deleting} onDone={() => setDeleting(null)} /> : null}
    </section>
  );
}

function AddPasskeyForm() {
  const queryClient = useQueryClient();
  const form = useZodForm(PasskeyNameSchema, { name: '' });
  const field = bindFields(form);
  const add = useMutation({
    mutationFn: (name: string) => addPasskey(name),
    onSuccess: async () => {
      form.reset({ name: '' });
      notify.success(PASSKEY_MESSAGES.added);
      // The server records it as a security event and e-mails the owner: the page reads them again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity }),
        queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages }),
      ]);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const onSubmit = form.handleSubmit(({ name }) => add.mutateAsync(name).catch(() => undefined));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Passkey name"
        placeholder="e.g. My laptop"
        autoComplete="off"
        className="sm:w-72"
        {...field('name')}
      />
      <SubmitButton busy={add.isPending} busyLabel="Adding..." className="sm:mt-6">
        Add a passkey
      </SubmitButton>
    </form>
  );
}

function DeletePasskeyDialog({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePasskey(passkey.id),
    onSuccess: async () => {
      notify.success(PASSKEY_MESSAGES.deleted);
      onDone();
      // Also a security event, listed under Security on the same page.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity }),
      ]);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };

  return (
    <Dialog title="Delete passkey" busy={remove.isPending} onCancel={onDone}>
      <p className="mt-1 text-sm break-words text-slate-500">
        “{passkey.name ?? 'Passkey'}” will no longer sign you in. You can also remove it from your device.
      </p>
      <form noValidate className="mt-4" onSubmit={submit}>
        <DialogButtons
          busy={remove.isPending}
          onCancel={onDone}
          confirmLabel="Delete passkey"
          busyLabel="Deleting..."
          variant="danger"
        />
      </form>
    </Dialog>
  );
}
