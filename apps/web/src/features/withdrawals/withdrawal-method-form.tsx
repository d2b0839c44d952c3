import { COIN_SPECS, COINS } from '@candor/contracts/coins';
import { TWO_FACTOR_MESSAGES } from '@candor/contracts/two-factor';
import {
  type CreateWithdrawalRequestInput,
  CreateWithdrawalRequestSchema,
  formatFeePercent,
  PAYOUT_MESSAGES,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_METHOD_LABELS,
  type Withdrawal,
  type WithdrawalMethod,
  type WithdrawalTerms,
} from '@candor/contracts/withdrawals';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { IdentityRefusal, isIdentityRefusal } from '../../components/identity-limit-notice.tsx';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { FieldMessage } from '../../components/ui/field-message.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { forgetWithdrawalForms, keepWithdrawalForm, readKeptWithdrawalForm } from './kept-withdrawal-form.ts';
import {
  emptyWithdrawalForm,
  feeLine,
  type WithdrawalFormValues,
  withdrawalFormSchema,
} from './withdrawal-format.ts';
import { createWithdrawal } from './withdrawals-api.ts';

type TextFieldSpec = {
  name: string;
  label: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  autoComplete?: string;
};

/** The payout fields of each method, in the order a person fills them (crypto adds its coin choice). */
const FIELDS: Record<WithdrawalMethod, TextFieldSpec[]> = {
  bank: [
    { name: 'accountNumber', label: 'Account number', placeholder: '0123456789', autoComplete: 'off' },
    { name: 'bankName', label: 'Bank name', autoComplete: 'off' },
    { name: 'accountName', label: 'Account name', autoComplete: 'name' },
  ],
  crypto: [{ name: 'address', label: 'Wallet address', autoComplete: 'off' }],
  paypal: [
    {
      name: 'email',
      label: 'PayPal e-mail',
      placeholder: 'name@example.com',
      inputMode: 'email',
      autoComplete: 'email',
    },
  ],
  cashapp: [{ name: 'cashtag', label: '$Cashtag', placeholder: '$yourname', autoComplete: 'off' }],
  gcash: [
    {
      name: 'accountNumber',
      label: 'GCash number',
      placeholder: '09XXXXXXXXX',
      inputMode: 'numeric',
      autoComplete: 'tel',
    },
    { name: 'accountName', label: 'Account name', autoComplete: 'name' },
  ],
};

/** Amount errors the server answers that belong under the amount field. */
const AMOUNT_ERRORS = ['INSUFFICIENT_FUNDS', 'BELOW_MINIMUM_WITHDRAWAL'] as const;

/**
 * One method's form: payout details, the amount, and the fee line before submitting. Retrying the
 * same submission after a failure reuses its Idempotency-Key.
 */
export function WithdrawalMethodForm({
  method,
  terms,
  onBack,
  onRecorded,
  onTermsStale,
}: {
  method: WithdrawalMethod;
  terms: WithdrawalTerms;
  onBack: () => void;
  onRecorded: (withdrawal: Withdrawal) => Promise<void> | void;
  onTermsStale: () => void;
}) {
  const coinId = useId();
  // The rules follow the latest terms (the balance is re-read after the server refuses an amount).
  const latestTerms = useRef(terms);
  latestTerms.current = terms;
  const resolver = useMemo<Resolver<WithdrawalFormValues>>(
    () => (values, context, options) =>
      zodResolver(withdrawalFormSchema(method, latestTerms.current))(values, context, options),
    [method],
  );
  const me = useMe();
  const [initialValues] = useState(() => keptOrEmptyForm(me.id, method));
  const {
    register,
    handleSubmit,
    watch,
    setError,
    trigger,
    formState: { errors, isSubmitted },
  } = useForm<WithdrawalFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initialValues,
  });
  // What is typed is kept for the tab's life, so Change method or Back and forward again finds it;
  // the authenticator code is never kept.
  useEffect(() => {
    const subscription = watch(({ amount, details }) => {
      keepWithdrawalForm(me.id, method, { amount: amount ?? '', details: definedFields(details) });
    });
    return () => subscription.unsubscribe();
  }, [watch, me.id, method]);
  const fee = feeLine(watch('amount') ?? '', terms);
  const label = WITHDRAWAL_METHOD_LABELS[method];
  // With two-factor on, every request carries the authenticator code (also shown once the server asks).
  const [serverAskedForCode, setServerAskedForCode] = useState(false);
  const needsCode = me.twoFactorEnabled || serverAskedForCode;
  // The code is not part of the request's identity: a retry with a fresh code keeps its Idempotency-Key.
  const codeRef = useRef<string | undefined>(undefined);
  // Issue 12: the server's refusal for an unverified identity, shown with the link to /identity.
  const queryClient = useQueryClient();
  const [identityRefusal, setIdentityRefusal] = useState<string | null>(null);

  const create = useIdempotentMutation({
    mutationFn: (body: CreateWithdrawalRequestInput, key: string) =>
      createWithdrawal({ ...body, twoFactorCode: codeRef.current }, key),
    onSuccess: (recorded) => {
      // The withdrawal is made: what was typed for it is not offered again.
      forgetWithdrawalForms();
      return onRecorded(recorded);
    },
    onError: (error) => {
      setIdentityRefusal(isIdentityRefusal(error) ? error.message : null);
      if (isIdentityRefusal(error)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.verificationAllowance });
      } else if (
        isApiError(error, 'TWO_FACTOR_CODE_REQUIRED') ||
        isApiError(error, 'INVALID_TWO_FACTOR_CODE')
      ) {
        setServerAskedForCode(true);
        setError('twoFactorCode', { type: 'server', message: error.message });
      } else if (AMOUNT_ERRORS.some((code) => isApiError(error, code))) {
        // The balance or the minimum changed since the form opened: say so under the amount.
        setError('amount', { type: 'server', message: errorMessage(error) });
        onTermsStale();
      } else if (isApiError(error, 'ACCOUNT_INACTIVE')) {
        notify.error(error.message);
      } else {
        notify.error(WITHDRAWAL_MESSAGES.failed, {
          description: errorMessage(error),
        });
      }
    },
  });
  const onSubmit = handleSubmit(({ twoFactorCode, ...values }) => {
    if (needsCode && !twoFactorCode?.trim()) {
      setError('twoFactorCode', { type: 'required', message: TWO_FACTOR_MESSAGES.codeRequired });
      return;
    }
    codeRef.current = needsCode ? twoFactorCode?.replace(/\s+/g, '') : undefined;
    create.mutate(CreateWithdrawalRequestSchema.parse({ method, ...values }));
  });

  return (
    <form noValidate aria-label={`${label} withdrawal`} onSubmit={onSubmit} className="space-y-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{label} withdrawal</h2>
          <p className="mt-0.5 text-xs font-medium tracking-wide text-slate-500">
            TRADING BALANCE WITHDRAWAL
          </p>
        </div>
        <button
          type="button"
          onClick={onBack}
          // A tap target at least 44 px high; the negative margins keep the text where it was.
          className="-mt-3 -mr-2 min-h-11 shrink-0 px-2 py-3 text-sm font-medium text-brand-700 hover:underline"
        >
          Change method
        </button>
      </div>

      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-slate-500">Available</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatUsdDecimal(terms.available)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Minimum</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatUsdDecimal(terms.minWithdrawal)}
          </dd>
        </div>
      </dl>
      {terms.owed !== '0.00' ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Borrowed money cannot be withdrawn: you can withdraw up to {formatUsdDecimal(terms.withdrawable)}{' '}
          (you owe {formatUsdDecimal(terms.owed)} on a loan).
        </p>
      ) : null}

      {method === 'crypto' ? (
        <div>
          <label htmlFor={coinId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Coin
          </label>
          <select
            id={coinId}
            aria-invalid={errors.details?.coin ? true : undefined}
            aria-describedby={`${coinId}-message`}
            className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none focus:ring-2 ${
              errors.details?.coin
                ? 'border-red-400 focus:ring-red-200'
                : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
            }`}
            {...register('details.coin', {
              // The address is checked against the coin: check it again when the coin changes.
              onChange: () => {
                if (isSubmitted) void trigger('details.address');
              },
            })}
          >
            <option value="">{PAYOUT_MESSAGES.coinRequired}</option>
            {COINS.map((coin) => (
              <option key={coin} value={coin}>
                {COIN_SPECS[coin].label}
              </option>
            ))}
          </select>
          <FieldMessage id={`${coinId}-message`} error={errors.details?.coin?.message} />
        </div>
      ) : null}

      {FIELDS[method].map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          placeholder={field.placeholder}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          spellCheck={false}
          error={errors.details?.[field.name]?.message}
          {...register(`details.${field.name}`)}
        />
      ))}

      <div>
        <AmountField label="Amount (USD)" error={errors.amount?.message} {...register('amount')} />
        <p aria-live="polite" className="mt-2 min-h-5 text-sm font-medium text-slate-700 tabular-nums">
          {fee ?? `Fee: ${formatFeePercent(terms.withdrawalPercent)}% of the amount, deducted from it`}
        </p>
      </div>

      {needsCode ? (
        <TextField
          label="Authentication code"
          hint="The 6-digit code from your authenticator app."
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          error={errors.twoFactorCode?.message}
          {...register('twoFactorCode')}
        />
      ) : null}

      <p className="text-xs text-slate-500">
        The amount is reserved from your available balance as soon as the request is recorded. The fee is
        deducted from it; nothing else is ever charged.
      </p>

      {identityRefusal ? <IdentityRefusal message={identityRefusal} /> : null}

      <FormSubmitRow busy={create.isPending} busyLabel="Processing..." minWidth="sm:min-w-32">
        Withdraw
      </FormSubmitRow>
    </form>
  );
}

/** A method's form as this customer left it in this tab, or empty: only the method's own fields. */
function keptOrEmptyForm(userId: string, method: WithdrawalMethod): WithdrawalFormValues {
  const empty = emptyWithdrawalForm(method);
  const kept = readKeptWithdrawalForm(userId, method);
  if (!kept) return empty;
  const details = Object.fromEntries(
    Object.keys(empty.details).map((name) => [name, kept.details[name] ?? '']),
  );
  return { ...empty, amount: kept.amount, details };
}

/** The details as watched (a field may be undefined while it mounts), without the undefined ones. */
function definedFields(
  details: Partial<Record<string, string | undefined>> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(details ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
