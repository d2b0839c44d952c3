import { COIN_SPECS, COINS, type Coin } from '@candor/contracts/coins';
import {
  COIN_NAMES,
  DEPOSIT_MESSAGES,
  type DepositQuote,
  formatUsdRate,
  RATE_SOURCE_LABELS,
} from '@candor/contracts/deposits';
import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { usdAmountSchema } from '@candor/contracts/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { FileField } from '../../components/ui/file-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { findProofProblem, formatCoin, formatCountdown, PROOF_ACCEPT } from './deposit-format.ts';
import { createDepositQuote, submitDeposit, uploadDepositProof } from './deposits-api.ts';
import { useCountdown } from './use-countdown.ts';

type Step = 1 | 2 | 3;

/** /deposit: amount (1), method and rate (2), payment with proof before the quote expires (3). */
export function DepositPage() {
  useDocumentBranding('Deposit');
  const me = useMe();
  const [step, setStep] = useState<Step>(1);
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<DepositQuote | null>(null);

  const restart = () => {
    setQuote(null);
    setStep(1);
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Deposit" description="Fund your trading balance with Bitcoin, Ethereum or USDT." />
      {me.status !== 'active' ? (
        <div
          role="alert"
          className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900"
        >
          <p className="font-medium">{INACTIVE_ACCOUNT_MESSAGE}</p>
          {me.statusReason ? <p className="mt-2">Reason: {me.statusReason}</p> : null}
        </div>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <p className="mb-4 text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Step {step} of 3
          </p>
          {step === 1 ? (
            <AmountStep
              amount={amount}
              onNext={(value) => {
                if (value !== amount) setQuote(null);
                setAmount(value);
                setStep(2);
              }}
            />
          ) : step === 2 ? (
            <MethodStep
              amount={amount}
              quote={quote}
              onQuote={setQuote}
              onBack={() => setStep(1)}
              onNext={() => setStep(3)}
            />
          ) : quote ? (
            <PaymentStep key={quote.id} quote={quote} onBack={() => setStep(2)} onRestart={restart} />
          ) : null}
        </div>
      )}
    </div>
  );
}

const AmountFormSchema = z.object({ amount: usdAmountSchema(DEPOSIT_MESSAGES.amountRequired) });
type AmountForm = z.input<typeof AmountFormSchema>;

function AmountStep({ amount, onNext }: { amount: string; onNext: (amount: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AmountForm, unknown, z.output<typeof AmountFormSchema>>({
    resolver: zodResolver(AmountFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { amount },
  });
  return (
    <form noValidate aria-label="Deposit amount" onSubmit={handleSubmit((values) => onNext(values.amount))}>
      <h2 className="text-lg font-semibold text-slate-900">{DEPOSIT_MESSAGES.account}</h2>
      <p className="mt-1 text-sm text-slate-500">How much do you want to add to your trading balance?</p>
      <TextField
        className="mt-5"
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <div className="mt-6 flex justify-end">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-32" disabled={isSubmitting}>
          Next
        </Button>
      </div>
    </form>
  );
}

function MethodStep({
  amount,
  quote,
  onQuote,
  onBack,
  onNext,
}: {
  amount: string;
  quote: DepositQuote | null;
  onQuote: (quote: DepositQuote | null) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const [coin, setCoin] = useState<Coin | null>(quote?.coin ?? null);
  const quoting = useMutation({ mutationFn: (chosen: Coin) => createDepositQuote({ amount, coin: chosen }) });
  const loading = quoting.isPending;
  const problem = quoting.error ? errorMessage(quoting.error) : null;

  const choose = (next: Coin) => {
    setCoin(next);
    onQuote(null);
    // Only the answer to the latest choice counts: mutate's own callbacks skip earlier ones.
    quoting.mutate(next, { onSuccess: onQuote });
  };

  const ready = quote !== null && quote.coin === coin && !loading;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">PAY {formatUsdDecimal(amount)}</h2>
      <p className="mt-1 text-sm text-slate-500">Choose how you will pay.</p>
      <fieldset className="mt-5">
        <legend className="mb-2 text-sm font-medium text-slate-700">Payment method</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {COINS.map((option) => (
            <label
              key={option}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition ${
                coin === option
                  ? 'border-brand-500 bg-brand-50 text-brand-800 ring-1 ring-brand-500'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="coin"
                value={option}
                checked={coin === option}
                onChange={() => choose(option)}
                className="accent-brand-600"
              />
              {COIN_SPECS[option].label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-5 min-h-24" aria-live="polite">
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="h-4 w-4 text-brand-600" /> Getting the rate...
          </p>
        ) : problem ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {problem}
          </p>
        ) : ready ? (
          <QuoteSummary quote={quote} />
        ) : (
          <p className="text-sm text-slate-500">The amount to send appears once you choose a method.</p>
        )}
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button className="sm:min-w-32" disabled={!ready} onClick={onNext}>
          Next
        </Button>
      </div>
    </div>
  );
}

function QuoteSummary({ quote }: { quote: DepositQuote }) {
  const { ticker } = COIN_SPECS[quote.coin];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 text-sm">
      <dt className="text-slate-500">You send</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">
        {formatCoin(quote.cryptoAmount, quote.coin)}
      </dd>
      <dt className="text-slate-500">Rate</dt>
      <dd className="text-slate-900 tabular-nums">
        1 {ticker} = {formatUsdRate(quote.rate)}
      </dd>
      <dt className="text-slate-500">Source</dt>
      <dd className="text-slate-900">{RATE_SOURCE_LABELS[quote.rateSource]}</dd>
    </dl>
  );
}

function PaymentStep({
  quote,
  onBack,
  onRestart,
}: {
  quote: DepositQuote;
  onBack: () => void;
  onRestart: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const secondsLeft = useCountdown(quote.expiresAt);
  const [serverExpired, setServerExpired] = useState(false);
  const expired = secondsLeft === 0 || serverExpired;
  const [proof, setProof] = useState<File | null>(null);
  const [proofProblem, setProofProblem] = useState<string | null>(null);
  const [hash, setHash] = useState('');
  const fail = (error: Error) => {
    if (isApiError(error, 'QUOTE_EXPIRED')) setServerExpired(true);
    notify.error(errorMessage(error));
  };
  const upload = useMutation({ mutationFn: uploadDepositProof, onError: fail });
  const submit = useIdempotentMutation({
    mutationFn: submitDeposit,
    onSuccess: async () => {
      notify.success(DEPOSIT_MESSAGES.submitted);
      await queryClient.invalidateQueries({ queryKey: queryKeys.ownDeposits });
      await navigate({ to: '/deposit-history' });
    },
    onError: fail,
  });
  const busy = upload.isPending ? 'uploading' : submit.isPending ? 'submitting' : null;
  const spec = COIN_SPECS[quote.coin];

  const chooseProof = (file: File | null) => {
    setProofProblem(file ? findProofProblem(file) : null);
    setProof(file);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(quote.address);
      notify.success(DEPOSIT_MESSAGES.copied(quote.coin));
    } catch {
      notify.error('The address could not be copied. Please select it and copy it by hand.');
    }
  };

  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (expired || busy) return;
    if (!proof) {
      setProofProblem(DEPOSIT_MESSAGES.proofRequired);
      return;
    }
    if (proofProblem) return;
    const send = (proofFileId: string) =>
      submit.mutate({ quoteId: quote.id, proofFileId, transactionHash: hash.trim() || undefined });
    // A retry sends the proof already stored, and the deposit under the same Idempotency-Key.
    if (upload.data && upload.variables === proof) send(upload.data.fileId);
    else upload.mutate(proof, { onSuccess: (stored) => send(stored.fileId) });
  };

  return (
    <form noValidate aria-label="Payment" onSubmit={pay}>
      <h2 className="text-lg font-semibold break-words text-slate-900 tabular-nums">
        SEND {formatCoin(quote.cryptoAmount, quote.coin)}
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        {formatUsdDecimal(quote.amount)} at 1 {spec.ticker} = {formatUsdRate(quote.rate)} (
        {RATE_SOURCE_LABELS[quote.rateSource]})
      </p>

      <div className="mt-5">
        <p className="mb-1.5 text-sm font-medium text-slate-700">To this {spec.label} address</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
          <code className="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm break-all text-slate-900">
            {quote.address}
          </code>
          <Button variant="secondary" onClick={() => void copy()}>
            <Icon name="copy" className="h-4 w-4" /> Copy
          </Button>
        </div>
        <p
          role="note"
          className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Send only {COIN_NAMES[quote.coin]} ({spec.ticker}
          {quote.coin === 'usdt' ? ' on the TRC-20 network' : ''}) to this address. Any other coin sent to it
          is lost.
        </p>
      </div>

      {expired ? (
        <div
          role="alert"
          className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
        >
          <p className="font-semibold">{DEPOSIT_MESSAGES.expired}</p>
          <p className="mt-1">
            The quoted rate is no longer valid. Start again for a new rate and payment link.
          </p>
          <Button className="mt-3" variant="secondary" onClick={onRestart}>
            Start again
          </Button>
        </div>
      ) : (
        <div className="mt-5 flex items-center justify-between rounded-lg bg-slate-50 px-4 py-3 text-sm">
          <span className="flex items-center gap-2 font-medium text-slate-700">
            <Spinner className="h-4 w-4 text-brand-600" /> {DEPOSIT_MESSAGES.awaiting}
          </span>
          <span
            role="timer"
            aria-label="Time left"
            className="font-mono font-semibold text-slate-900 tabular-nums"
          >
            {formatCountdown(secondsLeft)}
          </span>
        </div>
      )}

      <div className="mt-5 space-y-5">
        <FileField
          label="Proof of payment"
          accept={PROOF_ACCEPT}
          hint="A screenshot or receipt of your payment: PNG, JPEG, WebP or PDF, up to 5 MB."
          error={proofProblem}
          onFileChange={chooseProof}
          disabled={expired}
        />
        <TextField
          label="Transaction hash (optional)"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="[&_input]:font-mono"
          value={hash}
          onChange={(event) => setHash(event.target.value)}
          disabled={expired}
        />
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={busy !== null}>
          Back
        </Button>
        <Button type="submit" className="sm:min-w-32" disabled={expired || busy !== null}>
          {busy === 'uploading' ? 'Uploading proof...' : busy === 'submitting' ? 'Submitting...' : 'Paid'}
        </Button>
      </div>
      <Footnote>
        Your deposit is credited once an administrator confirms the payment. Follow it in your{' '}
        <Link to="/deposit-history" className="font-semibold text-brand-700 hover:underline">
          deposit history
        </Link>
        .
      </Footnote>
    </form>
  );
}

function Footnote({ children }: { children: ReactNode }) {
  return <p className="mt-5 text-xs text-slate-500">{children}</p>;
}
