import type { EmailDelivery } from '@candor/contracts/site-settings';
import {
  ConfirmWithdrawalRequestSchema,
  payoutMethodLabel,
  WITHDRAWAL_MESSAGES,
  type Withdrawal,
} from '@candor/contracts/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { WithdrawalOutcome } from './withdrawal-outcome.tsx';
import { notifyWithdrawalPending } from './withdrawal-pending-toast.ts';
import { confirmWithdrawal, requestNewWithdrawalCode, withdrawalQuery } from './withdrawals-api.ts';

/**
 * The code step: the customer types the 6-digit code sent to them (e-mailed when SMTP is set up,
 * and always in their Messages). Once the request has moved on (confirmed, or decided meanwhile)
 * the step shows where it stands instead.
 */
export function ConfirmWithdrawalStep({ id, email }: { id: string; email: string }) {
  const { data, isPending, error, refetch } = useQuery(withdrawalQuery(id));
  if (isPending) {
    return (
      <LoadingState plain padding="py-10">
        Loading withdrawal...
      </LoadingState>
    );
  }
  if (error) {
    return (
      <EmptyState
        title={
          isApiError(error, 'NOT_FOUND') ? 'Withdrawal not found.' : 'The withdrawal could not be loaded.'
        }
      >
        {isApiError(error, 'NOT_FOUND') ? (
          <Link to="/withdrawals" className="font-semibold text-brand-700 hover:underline">
            Back to your withdrawals
          </Link>
        ) : (
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        )}
      </EmptyState>
    );
  }
  if (data.status !== 'awaiting_confirmation') return <WithdrawalOutcome withdrawal={data} />;
  return <CodeForm withdrawal={data} email={email} />;
}

function CodeForm({ withdrawal, email }: { withdrawal: Withdrawal; email: string }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ConfirmWithdrawalRequestSchema, { code: '' });
  const field = bindFields(form);
  const { handleSubmit, setError, clearErrors, reset } = form;
  const oneKey = queryKeys.ownWithdrawals.one(withdrawal.id);
  const spent = withdrawal.codeExpiresAt === null;
  const delivery = useSiteSettings()?.emailDelivery;

  const show = async (next: Withdrawal) => {
    queryClient.setQueryData(oneKey, next);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'active' });
  };

  const confirm = useMutation({
    mutationFn: (code: string) => confirmWithdrawal(withdrawal.id, { code }),
    onSuccess: async (confirmed) => {
      notifyWithdrawalPending(confirmed);
      await show(confirmed);
    },
    onError: async (error) => {
      if (isApiError(error, 'INVALID_WITHDRAWAL_CODE')) {
        // A wrong code (the seed's toast) or an expired one: said under the field too.
        setError('code', { type: 'server', message: error.message });
        notify.error(error.message);
      } else if (
        isApiError(error, 'TOO_MANY_ATTEMPTS') ||
        isApiError(error, 'ALREADY_DECIDED') ||
        isApiError(error, 'INVALID_TRANSITION')
      ) {
        // The code is spent, or the request moved on: the step re-reads it (and offers a new code).
        notify.error(error.message);
        await queryClient.invalidateQueries({ queryKey: oneKey });
      } else {
        notify.error(WITHDRAWAL_MESSAGES.codeCheckFailed, { description: errorMessage(error) });
      }
    },
  });
  const onSubmit = handleSubmit(({ code }) => confirm.mutate(code));

  const newCode = useMutation({
    mutationFn: () => requestNewWithdrawalCode(withdrawal.id),
    onSuccess: async (updated) => {
      reset({ code: '' });
      clearErrors();
      notify.success(
        delivery === 'smtp' ? WITHDRAWAL_MESSAGES.codeSent : WITHDRAWAL_MESSAGES.codeSentToMessages,
      );
      await show(updated);
    },
    onError: async (error) => {
      notify.error(errorMessage(error));
      if (isApiError(error, 'ALREADY_DECIDED') || isApiError(error, 'INVALID_TRANSITION')) {
        await queryClient.invalidateQueries({ queryKey: oneKey });
      }
    },
  });

  return (
    <form noValidate aria-label="Confirm withdrawal" onSubmit={onSubmit} className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Confirm your withdrawal</h2>
        <p className="mt-1 text-sm text-slate-600">
          <CodeWhereabouts delivery={delivery} email={email} /> Enter it to confirm the withdrawal of{' '}
          {formatUsdDecimal(withdrawal.amount)} by {payoutMethodLabel(withdrawal)} (you receive{' '}
          {formatUsdDecimal(withdrawal.net)}).
        </p>
      </div>
      {spent ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {WITHDRAWAL_MESSAGES.codeSpent}
        </p>
      ) : withdrawal.codeExpiresAt ? (
        <p className="text-xs text-slate-500">
          The code is valid until{' '}
          <time dateTime={withdrawal.codeExpiresAt}>{formatDateTime(withdrawal.codeExpiresAt)}</time>. Your
          amount stays reserved while you confirm.
        </p>
      ) : null}
      {/* No maxLength: a code pasted with spaces around it would lose a digit; the schema trims it. */}
      <TextField
        label="Withdrawal code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        {...field('code')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" disabled={newCode.isPending} onClick={() => newCode.mutate()}>
          {newCode.isPending ? 'Sending...' : 'Send a new code'}
        </Button>
        <Button type="submit" className="sm:min-w-32" disabled={confirm.isPending || spent}>
          {confirm.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}

function MessagesLink() {
  return (
    <Link to="/messages" className="font-semibold text-brand-700 hover:underline">
      Messages
    </Link>
  );
}

/**
 * Where the code went. Every message to a customer is also in their Messages (decision 019); with
 * no SMTP server configured it is only there, so the step must not send them to their inbox.
 */
function CodeWhereabouts({ delivery, email }: { delivery: EmailDelivery | undefined; email: string }) {
  if (delivery === 'smtp') {
    return (
      <>
        We e-mailed a 6-digit code to <span className="font-medium break-all">{email}</span> (it is also in
        your <MessagesLink />
        ).
      </>
    );
  }
  if (delivery === 'none') {
    return (
      <>
        E-mail is not set up on this site, so your 6-digit code is in your <MessagesLink />, not your inbox.
      </>
    );
  }
  // The settings are not read yet (or could not be): say only what is true either way.
  return (
    <>
      Your 6-digit code is in your <MessagesLink />.
    </>
  );
}
