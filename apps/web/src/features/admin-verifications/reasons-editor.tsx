import {
  CreateVerificationReasonRequestSchema,
  UpdateVerificationReasonRequestSchema,
  VERIFICATION_MESSAGES,
  type VerificationReason,
} from '@candor/contracts/verifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-states.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import {
  createVerificationReason,
  updateVerificationReason,
  verificationReasonsQuery,
} from './admin-verifications-api.ts';

/**
 * The reasons reviewers pick from: rename one, retire it (it stays on past decisions) or bring it
 * back, and add one. Only staff with 'verifications.decide' see it.
 */
export function ReasonsEditor() {
  const { data, isPending, isError, refetch } = useQuery(verificationReasonsQuery);
  if (isPending) return <p className="mt-2 text-sm text-slate-500">Loading reasons...</p>;
  if (isError) return <LoadError onRetry={() => void refetch()}>The reasons could not be loaded.</LoadError>;
  return (
    <div className="mt-2 space-y-3">
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Reasons">
        {data.items.map((reason) => (
          <ReasonRow key={reason.code} reason={reason} />
        ))}
      </ul>
      <AddReason />
    </div>
  );
}

function useReasonsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.verificationReasons });
}

function ReasonRow({ reason }: { reason: VerificationReason }) {
  const refresh = useReasonsRefresh();
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(reason.label);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (body: { label: string; active: boolean }) => updateVerificationReason(reason.code, body),
    onSuccess: async () => {
      notify.success(VERIFICATION_MESSAGES.reasonSaved);
      setEditing(false);
      await refresh();
    },
    onError: (failure) => notify.error(errorMessage(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateVerificationReasonRequestSchema.safeParse({ label, active: reason.active });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };

  return (
    <li className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label={`Label of ${reason.code}`}
            className="flex-1"
            // No maxLength: the browser would cut a longer paste without a word; the schema says it is too long.
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            error={error}
          />
          <div className="flex gap-2 sm:mt-7">
            <Button type="submit" className="px-3 py-1.5 text-xs" disabled={save.isPending}>
              Save
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-xs"
              onClick={() => {
                setEditing(false);
                setLabel(reason.label);
                setError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <span className="text-sm">
            <span className={reason.active ? 'text-slate-900' : 'text-slate-500 line-through'}>
              {reason.label}
            </span>{' '}
            <code className="text-xs text-slate-500">{reason.code}</code>
            {reason.active ? null : <span className="ml-2 text-xs text-slate-500">(inactive)</span>}
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-xs"
              aria-label={`Edit ${reason.label}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-xs"
              aria-label={`${reason.active ? 'Deactivate' : 'Activate'} ${reason.label}`}
              disabled={save.isPending}
              onClick={() => save.mutate({ label: reason.label, active: !reason.active })}
            >
              {reason.active ? 'Deactivate' : 'Activate'}
            </Button>
          </span>
        </>
      )}
    </li>
  );
}

function AddReason() {
  const refresh = useReasonsRefresh();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ code?: string; label?: string }>({});
  const add = useMutation({
    mutationFn: createVerificationReason,
    onSuccess: async () => {
      notify.success(VERIFICATION_MESSAGES.reasonSaved);
      setCode('');
      setLabel('');
      await refresh();
    },
    onError: (failure) => notify.error(errorMessage(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateVerificationReasonRequestSchema.safeParse({ code, label });
    if (!parsed.success) {
      const found: { code?: string; label?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'code') found.code ??= issue.message;
        if (issue.path[0] === 'label') found.label ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      aria-label="Add a reason"
      onSubmit={submit}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <TextField
        label="New reason code"
        placeholder="blurry_photo"
        className="sm:w-48"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
      />
      <TextField
        label="New reason label"
        placeholder="Blurry photo"
        className="flex-1"
        // No maxLength: the browser would cut a longer paste without a word; the schema says it is too long.
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={errors.label}
      />
      <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add reason'}
      </Button>
    </form>
  );
}
