import { COIN_SPECS, COINS, type Coin } from '@candor/contracts/coins';
import { type DepositQuote, formatUsdRate, RATE_SOURCE_LABELS } from '@candor/contracts/deposits';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { IdentityRefusal, isIdentityRefusal } from '../../components/identity-limit-notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { formatCoin } from './deposit-format.ts';
import { createDepositQuote } from './deposits-api.ts';

/** Step 2: the coin to pay with, and the server's quote of the amount in that coin. */
export function MethodStep({
  amount,
  coins,
  quote,
  onQuote,
  onBack,
  onNext,
}: {
  amount: string;
  /** The coins with a deposit address: the others show, but cannot be chosen. */
  coins: readonly Coin[];
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
          {COINS.map((option) => {
            const offered = coins.includes(option);
            return (
              <label
                key={option}
                className={`flex items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition ${
                  !offered
                    ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
                    : coin === option
                      ? 'cursor-pointer border-brand-500 bg-brand-50 text-brand-800 ring-1 ring-brand-500'
                      : 'cursor-pointer border-slate-300 text-slate-700 hover:bg-slate-50'
                }`}
              >
                <input
                  type="radio"
                  name="coin"
                  value={option}
                  checked={coin === option}
                  disabled={!offered}
                  onChange={() => choose(option)}
                  className="accent-brand-600"
                />
                <span>
                  {COIN_SPECS[option].label}
                  {offered ? null : (
                    <>
                      {' '}
                      <span className="block text-xs font-normal">Not available yet</span>
                    </>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="mt-5 min-h-24" aria-live="polite">
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="h-4 w-4 text-brand-600" /> Getting the rate...
          </p>
        ) : quoting.error && isIdentityRefusal(quoting.error) ? (
          <IdentityRefusal message={quoting.error.message} />
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
