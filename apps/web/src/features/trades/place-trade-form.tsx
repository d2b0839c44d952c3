import type { Instrument, Quote } from '@candor/contracts/market';
import {
  lotSizeSchema,
  PlaceTradeRequestSchema,
  TRADE_MESSAGES,
  type TradeDirectionName,
  type TradingTermsAnswer,
} from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { formatUsd, parseMinorUnits } from '@candor/domain/money/money';
import {
  computeSpreadCost,
  formatSpread,
  quoteWithTerms,
  type SpreadQuote,
  spreadFor,
} from '@candor/domain/trading/spread';
import {
  computeExposure,
  DEFAULT_MAX_LEVERAGE,
  formatLotSize,
  parseLotSize,
} from '@candor/domain/trading/trade-result';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { LabelledField, textControlClass } from '../../components/ui/labelled-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { DIRECTION_LABELS } from '../../lib/trade-format.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { forgetTradeTicket, keepTradeTicket, readKeptTradeTicket } from './kept-trade-ticket.ts';
import { placeTrade } from './trades-api.ts';

/**
 * The typed part of PlaceTradeRequest (the asset and the direction come from the page and the
 * button), the lot size held to the account's own maximum leverage: the request's schema knows only
 * the highest any package gives, and the server checks the account's own.
 */
function placeTradeFormSchema(maxLeverage: number) {
  return PlaceTradeRequestSchema.pick({ amount: true }).extend({ lotSize: lotSizeSchema(maxLeverage) });
}

/** Seed §9: lot size starts at 1 and moves in steps of 0.01. */
const INITIAL_LOT_SIZE = '1';

/**
 * Amount and Lot size, then SELL or BUY (seed §2 Trades). The trade opens on the server at the
 * market price of that moment; an amount above the available balance is refused here first
 * ("Insufficient balance") and again by the server. Retrying the same submission reuses its
 * Idempotency-Key.
 */
export function PlaceTradeForm({
  symbol,
  instrument,
  quote,
  terms,
  available,
  disabled = false,
}: {
  symbol: string;
  /** The asset (its class and price precision make its bid and ask); undefined until the catalogue loads. */
  instrument: Pick<Instrument, 'class' | 'pricePrecision'> | undefined;
  /** The asset's latest (mid) price: the trade opens at its ask (BUY) or bid (SELL). */
  quote: Quote | undefined;
  /** The account's maximum leverage and spread; undefined until loaded. */
  terms: TradingTermsAnswer | undefined;
  /** Available cash in cents; undefined until the balances have loaded. */
  available: bigint | undefined;
  /** The account may not trade (suspended). */
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const maxLeverage = terms?.maxLeverage ?? DEFAULT_MAX_LEVERAGE;
  const schema = useMemo(() => placeTradeFormSchema(maxLeverage), [maxLeverage]);
  const me = useMe();
  // What was typed on the ticket in this tab comes back (never anything secret: an amount, a lot size).
  const [initialValues] = useState(() => {
    const kept = readKeptTradeTicket(me.id);
    return { amount: kept?.amount ?? '', lotSize: kept?.lotSize || INITIAL_LOT_SIZE };
  });
  const form = useZodForm(schema, initialValues);
  const field = bindFields(form);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = form;
  useEffect(() => {
    const subscription = watch(({ amount, lotSize }, { name }) => {
      // Only what the customer typed or stepped: the reset after a trade is not kept.
      if (name) keepTradeTicket(me.id, { symbol, amount: amount ?? '', lotSize: lotSize ?? '' });
    });
    return () => subscription.unsubscribe();
  }, [watch, me.id, symbol]);
  const exposure = describeExposure(watch('amount'), watch('lotSize'));
  const sides = instrument && quote && terms ? quoteWithTerms(instrument, terms, quote.price) : undefined;
  const spreadCost = sides ? describeSpreadCost(watch('amount'), watch('lotSize'), sides) : null;
  const placing = useIdempotentMutation({
    mutationFn: placeTrade,
    onSuccess: (trade, body) => {
      forgetTradeTicket();
      reset({ amount: '', lotSize: body.lotSize });
      notify.success(TRADE_MESSAGES.placed, {
        description: `${DIRECTION_LABELS[trade.direction]} ${trade.symbol} at ${formatPrice(trade.openPrice)}`,
      });
    },
    onError: (error) => {
      const message = errorMessage(error);
      if (isApiError(error, 'INSUFFICIENT_FUNDS')) setError('amount', { message });
      notify.error(TRADE_MESSAGES.failed, { description: message });
    },
    // Everything of the customer moves with a new trade: balances, statement, the trade lists.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
  const pressed = placing.isPending ? placing.variables.direction : null;

  const place = (direction: TradeDirectionName) =>
    handleSubmit((values) => {
      const amount = parseMinorUnits(values.amount);
      if (available !== undefined && amount.ok && amount.value > available) {
        setError('amount', { message: TRADE_MESSAGES.insufficient });
        return;
      }
      placing.mutate({ symbol, direction, amount: values.amount, lotSize: values.lotSize });
    })();

  const stepLotSize = (delta: number) => {
    const parsed = parseLotSize(getValues('lotSize'));
    const current = parsed.ok ? parsed.value : 100;
    const next = Math.min(maxLeverage * 100, Math.max(1, current + delta));
    setValue('lotSize', formatLotSize(next), { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const lotSize = register('lotSize');
  const busy = placing.isPending || disabled;
  return (
    // Enter in a field does not trade: the direction is the button's.
    <form
      noValidate
      aria-label="Place a trade"
      className="space-y-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <AmountField
        label="Amount (USD)"
        hint="The margin reserved from your balance while the trade is open."
        {...field('amount')}
      />
      <LabelledField
        label="Lot size"
        error={errors.lotSize?.message}
        hint={`Steps of 0.01, at most ${maxLeverage}.`}
      >
        {(control) => (
          <div className="flex gap-2">
            <StepButton label="Decrease lot size" onClick={() => stepLotSize(-1)}>
              −
            </StepButton>
            <input
              {...control}
              {...lotSize}
              inputMode="decimal"
              autoComplete="off"
              className={`text-center tabular-nums ${textControlClass(errors.lotSize?.message)}`}
            />
            <StepButton label="Increase lot size" onClick={() => stepLotSize(1)}>
              +
            </StepButton>
          </div>
        )}
      </LabelledField>
      <p className="text-sm text-slate-600" aria-live="polite">
        Amount traded: <span className="font-semibold text-slate-900 tabular-nums">{exposure ?? '—'}</span>
        <span className="text-slate-500"> (amount × lot size)</span>
      </p>
      <SpreadPanel instrument={instrument} terms={terms} sides={sides} spreadCost={spreadCost} />
      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="danger"
          className="py-3 text-base"
          disabled={busy}
          onClick={() => void place('sell')}
        >
          {pressed === 'sell' ? 'Selling...' : 'SELL'}
        </Button>
        <Button className="py-3 text-base" disabled={busy} onClick={() => void place('buy')}>
          {pressed === 'buy' ? 'Buying...' : 'BUY'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        The trade opens at the market price of the moment you press SELL or BUY: a BUY at the ask, a SELL at
        the bid{quote ? ` (${symbol} is at ${formatPrice(quote.price)} now)` : ''}. It closes at the other
        side, and by itself if its loss reaches its amount.
      </p>
    </form>
  );
}

/**
 * Bid and Ask (live), the spread and what crossing it costs for the typed amount and lot size, and
 * the maximum leverage with where the terms come from (issue 13).
 */
function SpreadPanel({
  instrument,
  terms,
  sides,
  spreadCost,
}: {
  instrument: Pick<Instrument, 'class' | 'pricePrecision'> | undefined;
  terms: TradingTermsAnswer | undefined;
  sides: SpreadQuote | undefined;
  spreadCost: string | null;
}) {
  return (
    <section
      aria-label="Spread and leverage"
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <div className="grid grid-cols-2 gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-red-700">Bid</p>
          <p className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="ticket-bid">
            {sides ? formatPrice(sides.bid) : '—'}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-medium uppercase tracking-wide text-emerald-700">Ask</p>
          <p className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="ticket-ask">
            {sides ? formatPrice(sides.ask) : '—'}
          </p>
        </div>
      </div>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-slate-600">
        <div className="flex justify-between gap-3">
          <dt>Spread</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {instrument && terms ? formatSpread(spreadFor(instrument, terms)) : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Spread cost</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{spreadCost ?? '—'}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt>Leverage up to 1:{terms?.maxLeverage ?? '—'}</dt>
          <dd className="text-right">
            {terms ? (terms.source === 'package' ? terms.packageName : 'Default terms') : ''}
            {' · '}
            <Link to="/upgrade" className="font-semibold text-brand-700 hover:underline">
              Trading packages
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function StepButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <Button variant="secondary" className="w-11 shrink-0 px-0 text-lg" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** "$1.20": what crossing the spread costs for an amount and lot size that can be read; null otherwise. */
function describeSpreadCost(amount: string, lotSize: string, sides: SpreadQuote): string | null {
  const cents = parseMinorUnits(amount.trim());
  const lot = parseLotSize(lotSize);
  if (!cents.ok || cents.value === 0n || !lot.ok) return null;
  return formatUsd(computeSpreadCost({ amountCents: cents.value, lotHundredths: lot.value, ...sides }));
}

/** "$250.00" for an amount and a lot size that can be read; null otherwise. */
function describeExposure(amount: string, lotSize: string): string | null {
  const cents = parseMinorUnits(amount.trim());
  const lot = parseLotSize(lotSize);
  if (!cents.ok || cents.value === 0n || !lot.ok) return null;
  return formatUsd(computeExposure(cents.value, lot.value));
}
