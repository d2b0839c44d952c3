import { COINS } from '@candor/contracts/coins';
import { DEPOSIT_MESSAGES, type DepositQuote } from '@candor/contracts/deposits';
import { usdAmountSchema } from '@candor/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { PageHeader } from '../../components/ui/card.tsx';
import { InactiveAccountNotice } from '../../components/ui/inactive-account-notice.tsx';
import { StaffAccountNotice } from '../../components/ui/staff-account-notice.tsx';
import { useIsStaff } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { AmountStep } from './amount-step.tsx';
import { listCoinNames } from './deposit-format.ts';
import { DepositSearchSchema } from './deposit-search.ts';
import { depositMethodsQuery } from './deposits-api.ts';
import { forgetDepositQuote, keepDepositQuote, readKeptDepositQuote } from './kept-quote.ts';
import { MethodStep } from './method-step.tsx';
import { PaymentStep } from './payment-step.tsx';

type Step = 1 | 2 | 3;

/**
 * ?amount=…&plan=… : sent from a plan's PURCHASE PLAN without enough available cash, the missing
 * amount prefills step 1 and the page says what it is for. Anything malformed is ignored.
 */
const PlanAmountSchema = z
  .union([z.string(), z.number().transform(String)])
  .pipe(usdAmountSchema('amount'))
  .optional()
  .catch(undefined);

/** "500" or "500.5" from a search param as the amount field writes it: "500.00", "500.50". */
function toAmountText(amount: string): string {
  const [whole = '0', cents = ''] = amount.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
}

/** /deposit: amount (1), method and rate (2), payment with proof before the quote expires (3). */
export function DepositPage() {
  useDocumentBranding('Deposit');
  const me = useMe();
  const isStaff = useIsStaff();
  const search = DepositSearchSchema.parse(useSearch({ strict: false }));
  // A quote kept from step 3 comes back where the address still asks for step 3: a reload, or the
  // browser's Back after the customer left to pay (the wallet app) or to read Messages. A visit to
  // /deposit without it (the menu, a new deposit) starts at step 1, and the kept quote is forgotten.
  const [kept] = useState(() => (search.step === 3 ? readKeptDepositQuote(me.id, Date.now()) : null));
  const planAmount = PlanAmountSchema.parse(search.amount);
  const [amount, setAmount] = useState(kept ? kept.amount : planAmount ? toAmountText(planAmount) : '');
  const [quote, setQuote] = useState<DepositQuote | null>(kept);
  // The step is in the address (?step=2, ?step=3), so the browser's Back goes to the previous step
  // with what was typed. A step whose input is gone (a reload at step 2) shows the one before it.
  const asked: Step = search.step ?? 1;
  const step: Step = asked === 3 && quote ? 3 : asked >= 2 && amount !== '' ? 2 : 1;
  const navigate = useNavigate();
  const goTo = (next: Step) =>
    void navigate({
      to: '/deposit',
      search: (previous) => ({ ...previous, step: next === 1 ? undefined : next }),
    });
  // The coins with a deposit address. Until known (or if it cannot be read), every coin is offered:
  // step 2's quote refuses one without an address all the same.
  const { data: methods } = useQuery(depositMethodsQuery);
  const coins = methods?.coins ?? COINS;

  // Kept while step 3 shows it; forgotten when the customer goes back or starts over.
  useEffect(() => {
    if (step === 3 && quote) keepDepositQuote(me.id, quote);
    else forgetDepositQuote();
  }, [step, quote, me.id]);

  const restart = () => {
    setQuote(null);
    goTo(1);
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Deposit"
        description={
          coins.length > 0
            ? `Fund your trading balance with ${listCoinNames(coins)}.`
            : 'Fund your trading balance with crypto.'
        }
      />
      {isStaff ? (
        <StaffAccountNotice className="p-5 text-sm" />
      ) : me.status !== 'active' ? (
        <InactiveAccountNotice reason={me.statusReason} className="p-5 text-sm" />
      ) : coins.length === 0 ? (
        <DepositsUnavailable />
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          {planAmount && search.plan && step === 1 ? (
            <p className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
              You need {formatUsdDecimal(toAmountText(planAmount))} more to buy {search.plan}.
            </p>
          ) : null}
          <p className="mb-4 text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Step {step} of 3
          </p>
          {step === 1 ? (
            <AmountStep
              amount={amount}
              onNext={(value) => {
                if (value !== amount) setQuote(null);
                setAmount(value);
                goTo(2);
              }}
            />
          ) : step === 2 ? (
            <MethodStep
              amount={amount}
              coins={coins}
              quote={quote}
              onQuote={setQuote}
              onBack={() => goTo(1)}
              onNext={() => goTo(3)}
            />
          ) : quote ? (
            <PaymentStep key={quote.id} quote={quote} onBack={() => goTo(2)} onRestart={restart} />
          ) : null}
        </div>
      )}
    </div>
  );
}

/** A fresh install: no coin has a deposit address yet, so there is nothing to pay to. */
function DepositsUnavailable() {
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{DEPOSIT_MESSAGES.unavailable}</h2>
      <p className="mt-1 text-sm text-slate-600">{DEPOSIT_MESSAGES.unavailableDetail}</p>
      <Link
        to="/deposit-history"
        className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        See your deposits
      </Link>
    </div>
  );
}
