import { COIN_SPECS } from '@candor/contracts/coins';
import {
  COIN_NAMES,
  DEPOSIT_MESSAGES,
  type DepositQuote,
  findTransactionHashProblem,
  formatUsdRate,
  RATE_SOURCE_LABELS,
  TRANSACTION_HASH_MESSAGES,
} from '@candor/contracts/deposits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { IdentityRefusal, isIdentityRefusal } from '../../components/identity-limit-notice.tsx';
import { SupportEmailLine } from '../../components/support-email.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FileField } from '../../components/ui/file-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { findProofProblem, formatCoin, formatCountdown, PROOF_ACCEPT } from './deposit-format.ts';
import { submitDeposit, uploadDepositProof } from './deposits-api.ts';
import { forgetDepositQuote } from './kept-quote.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * Step 3: the address to pay, the quote's countdown, and the proof of payment; Paid uploads the
 * proof, then records the deposit.
 */
export function PaymentStep({
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
  const [hashProblem, setHashProblem] = useState<string | undefined>();
  // Issue 12: the server's refusal for an unverified identity, shown with the link to /identity.
  const [identityRefusal, setIdentityRefusal] = useState<string | null>(null);
  const fail = (error: Error) => {
    if (isApiError(error, 'QUOTE_EXPIRED')) setServerExpired(true);
    // The server's refusal of the hash's format: said beside the field.
    if (isHashRefusal(error)) setHashProblem(error.message);
    setIdentityRefusal(isIdentityRefusal(error) ? error.message : null);
    notify.error(errorMessage(error));
  };
  const upload = useMutation({
    mutationFn: uploadDepositProof,
    // A file the server refuses by its content (a text file named .png): said beside the field.
    onError: (error) => (isFileRefusal(error) ? setProofProblem(error.message) : fail(error)),
  });
  const submit = useIdempotentMutation({
    mutationFn: submitDeposit,
    onSuccess: async () => {
      forgetDepositQuote();
      notify.success(DEPOSIT_MESSAGES.submitted, { description: DEPOSIT_MESSAGES.submittedNote });
      await queryClient.invalidateQueries({ queryKey: queryKeys.ownDeposits.all });
      await navigate({ to: '/deposit-history' });
    },
    onError: fail,
  });
  const busy = upload.isPending ? 'uploading' : submit.isPending ? 'submitting' : null;
  const chooseProof = (file: File | null) => {
    setProofProblem(file ? findProofProblem(file) : null);
    setProof(file);
  };

  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (expired || busy) return;
    if (!proof) {
      setProofProblem(DEPOSIT_MESSAGES.proofRequired);
      return;
    }
    const transactionHash = hash.trim() || undefined;
    const hashFormat = findTransactionHashProblem(quote.coin, transactionHash);
    setHashProblem(hashFormat);
    if (proofProblem || hashFormat) return;
    const send = (proofFileId: string) => submit.mutate({ quoteId: quote.id, proofFileId, transactionHash });
    // A retry sends the proof already stored, and the deposit under the same Idempotency-Key.
    if (upload.data && upload.variables === proof) send(upload.data.fileId);
    else upload.mutate(proof, { onSuccess: (stored) => send(stored.fileId) });
  };

  return (
    <form noValidate aria-label="Payment" onSubmit={pay}>
      {expired ? (
        // An expired quote is not to be paid: no amount, no address, no Copy; a new quote instead.
        <ExpiredLink onRestart={onRestart} />
      ) : (
        <>
          <h2 className="text-lg font-semibold break-words text-slate-900 tabular-nums">
            SEND {formatCoin(quote.cryptoAmount, quote.coin)}
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {formatUsdDecimal(quote.amount)} at 1 {COIN_SPECS[quote.coin].ticker} ={' '}
            {formatUsdRate(quote.rate)} ({RATE_SOURCE_LABELS[quote.rateSource]})
          </p>
          <DepositAddress quote={quote} />
          <Countdown secondsLeft={secondsLeft} />
        </>
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
          onChange={(event) => {
            setHash(event.target.value);
            setHashProblem(undefined);
          }}
          error={hashProblem}
          disabled={expired}
        />
      </div>

      {identityRefusal ? (
        <div className="mt-5">
          <IdentityRefusal message={identityRefusal} />
        </div>
      ) : null}

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

/** The server's refusal of the proof itself (its type by content, its size, empty), rather than of the deposit. */
function isFileRefusal(error: Error): boolean {
  return (
    isApiError(error, 'UNSUPPORTED_FILE_TYPE') ||
    isApiError(error, 'FILE_TOO_LARGE') ||
    isApiError(error, 'FILE_EMPTY')
  );
}

/** The server's refusal of the transaction hash's format (the form checks it first; this is the fallback). */
function isHashRefusal(error: Error): boolean {
  return (
    isApiError(error, 'VALIDATION_FAILED') &&
    Object.values(TRANSACTION_HASH_MESSAGES).some((message) => error.message.includes(message))
  );
}

/** Where to send the coins, with a Copy button and the warning about other coins. */
function DepositAddress({ quote }: { quote: DepositQuote }) {
  const spec = COIN_SPECS[quote.coin];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(quote.address);
      notify.success(DEPOSIT_MESSAGES.copied(quote.coin));
    } catch {
      notify.error('The address could not be copied. Please select it and copy it by hand.');
    }
  };

  return (
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
        {quote.coin === 'usdt' ? ' on the TRC-20 network' : ''}) to this address. Any other coin sent to it is
        lost.
      </p>
    </div>
  );
}

/** The quote's time left, ticking, while the payment link is valid. */
function Countdown({ secondsLeft }: { secondsLeft: number }) {
  return (
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
  );
}

/**
 * The quote has expired: the rate no longer holds, only a new quote does, so the amount and the
 * address are no longer shown. A customer who paid before it expired is sent to support with the
 * transaction hash (the server refuses a proof after expiry), at the support e-mail when one is set.
 */
function ExpiredLink({ onRestart }: { onRestart: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
      <h2 className="text-base font-semibold">{DEPOSIT_MESSAGES.expired}</h2>
      <p className="mt-1">The quoted rate is no longer valid. Start again for a new rate and payment link.</p>
      <Button className="mt-3" variant="secondary" onClick={onRestart}>
        Start again
      </Button>
      <p className="mt-3">{DEPOSIT_MESSAGES.expiredAlreadySent}</p>
      <SupportEmailLine className="mt-1" />
    </div>
  );
}

function Footnote({ children }: { children: ReactNode }) {
  return <p className="mt-5 text-xs text-slate-500">{children}</p>;
}
