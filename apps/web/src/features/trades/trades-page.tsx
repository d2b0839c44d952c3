import type { Instrument, InstrumentClass } from '@candor/contracts/market';
import { DEFAULT_CHART_INTERVAL } from '@candor/domain/market/candle';
import { DEFAULT_TRADE_SYMBOL } from '@candor/domain/market/instruments';
import { formatUsd } from '@candor/domain/money/money';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ChartPlaceholder, LazyPriceChart } from '../../components/market/lazy-price-chart.tsx';
import { LivePrice, StreamStatusPill } from '../../components/market/live-price.tsx';
import { SimulatedBadge } from '../../components/market/simulated-badge.tsx';
import { Card, PageHeader } from '../../components/ui/card.tsx';
import { Deferred } from '../../components/ui/deferred.tsx';
import { InactiveAccountNotice } from '../../components/ui/inactive-account-notice.tsx';
import { StaffAccountNotice } from '../../components/ui/staff-account-notice.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { balancesQuery } from '../../lib/balances-api.ts';
import { instrumentsQuery } from '../../lib/instruments-api.ts';
import { candlesQuery, quoteQuery } from '../../lib/market-api.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';
import { toSignedCents } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { tradingTermsQuery } from '../../lib/trading-terms-api.ts';
import { usePriceStream } from '../../lib/use-price-stream.ts';
import { keepTradeTicket, readKeptTradeTicket } from './kept-trade-ticket.ts';
import { PlaceTradeForm } from './place-trade-form.tsx';
import { ASSET_CLASS_TABS, pickSymbolForClass } from './trade-assets.ts';

const CHART_HEIGHT = 360;

/**
 * /trades (seed §2 Trades, "Market" in the navigation): the balance, the asset classes as tabs,
 * the selected asset's live price and chart, and the trade form; the customer's trades (`tradeList`,
 * brought by the route) below. `initialSymbol` (the route's ?symbol=) is the asset shown first.
 */
export function TradesPage({
  tradeList,
  initialSymbol,
}: {
  tradeList: ReactNode;
  initialSymbol?: string | undefined;
}) {
  useDocumentBranding('Market');
  const me = useMe();
  const isStaff = useIsStaff();
  const active = me.status === 'active';
  return (
    <div className="space-y-6">
      <PageHeader title="Market" description="Buy or sell forex, crypto and stocks at the market price." />

      {isStaff ? (
        <StaffAccountNotice className="p-4 text-sm" />
      ) : active ? null : (
        <InactiveAccountNotice reason={me.statusReason} className="p-4 text-sm" />
      )}

      {/* The market and the form read the prices, the balance and the catalogue: rendered after the heading. */}
      <Deferred>
        <MarketAndTradeForm initialSymbol={initialSymbol} active={active && !isStaff} />
        {tradeList}
      </Deferred>
    </div>
  );
}

/** The selected asset's class tabs, live price and chart beside the balance and the trade form. */
function MarketAndTradeForm({
  initialSymbol,
  active,
}: {
  initialSymbol?: string | undefined;
  active: boolean;
}) {
  const me = useMe();
  // A ?symbol= link first, then the asset the customer left the ticket on in this tab.
  const [chosen, setChosen] = useState(
    () => initialSymbol?.toUpperCase() || readKeptTradeTicket(me.id)?.symbol || DEFAULT_TRADE_SYMBOL,
  );
  const setSymbol = (next: string) => {
    setChosen(next);
    keepTradeTicket(me.id, { symbol: next });
  };
  // The asset a link opened is the one the ticket was left on, until another is chosen.
  useEffect(() => {
    if (initialSymbol) keepTradeTicket(me.id, { symbol: initialSymbol.toUpperCase() });
  }, [initialSymbol, me.id]);
  const remembered = useRef<Partial<Record<InstrumentClass, string>>>({ forex: DEFAULT_TRADE_SYMBOL });
  const catalogue = useQuery(instrumentsQuery);
  const instruments = catalogue.data?.items ?? [];
  // A ?symbol= the catalogue does not know is ignored: the default instrument, as without one.
  const symbol =
    catalogue.data && !instruments.some((item) => item.symbol === chosen) ? DEFAULT_TRADE_SYMBOL : chosen;
  const instrument = instruments.find((item) => item.symbol === symbol);
  // Only a symbol of the catalogue is streamed or fetched (an unknown one refuses the whole stream,
  // which carries the customer's open trades too); the default is known before the catalogue is here.
  const known = instrument !== undefined || symbol === DEFAULT_TRADE_SYMBOL;
  // A tab chosen before the asset list arrived: its first asset is picked once the list is here.
  const [waitingClass, setWaitingClass] = useState<InstrumentClass>();
  if (waitingClass && catalogue.data) {
    setWaitingClass(undefined);
    const picked = pickSymbolForClass(catalogue.data.items, waitingClass, remembered.current);
    if (picked) setSymbol(picked);
  }
  // The tab follows the chosen asset's class.
  const assetClass: InstrumentClass = waitingClass ?? instrument?.class ?? 'forex';

  const streamSymbols = useMemo(() => (known ? [symbol] : []), [known, symbol]);
  const { quotes, status } = usePriceStream(streamSymbols);
  const streamed = quotes[symbol];
  // Until the stream has spoken, the last known quote fills in.
  const fetched = useQuery({ ...quoteQuery(symbol), enabled: known && streamed === undefined }).data;
  const quote = streamed ?? fetched;
  const candles = useQuery({ ...candlesQuery(symbol, DEFAULT_CHART_INTERVAL), enabled: known }).data;
  const balances = useQuery(balancesQuery);
  const terms = useQuery(tradingTermsQuery);

  const chooseSymbol = (next: string) => {
    setSymbol(next);
    const chosenClass = instruments.find((item) => item.symbol === next)?.class;
    if (chosenClass) remembered.current[chosenClass] = next;
  };
  const chooseClass = (next: InstrumentClass) => {
    if (!catalogue.data) {
      setWaitingClass(next);
      return;
    }
    const picked = pickSymbolForClass(instruments, next, remembered.current);
    if (picked) chooseSymbol(picked);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {/* As tall as its chart: beside a longer ticket it does not stretch into an empty card. */}
      <Card className="h-fit min-w-0 p-4 sm:p-6">
        <h2 className="sr-only">Asset</h2>
        <Tabs label="Asset class" tabs={ASSET_CLASS_TABS} selected={assetClass} onSelect={chooseClass}>
          <div className="space-y-4">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <AssetSelect
                value={symbol}
                options={instruments.filter((item) => item.class === assetClass)}
                failed={catalogue.isError}
                onChange={chooseSymbol}
              />
              <LivePrice quote={quote} name={instrument?.name} />
            </div>
            {/* As tall as the badge (24 px) before the prices say whether it shows: the chart below does not move. */}
            <div className="flex min-h-6 flex-wrap items-center gap-3">
              <SimulatedBadge sources={[candles?.source, quote?.source]} />
              <StreamStatusPill status={status} />
            </div>
            {known ? (
              <LazyPriceChart
                symbol={symbol}
                interval={DEFAULT_CHART_INTERVAL}
                height={CHART_HEIGHT}
                liveQuote={quote}
              />
            ) : (
              <ChartPlaceholder height={CHART_HEIGHT} />
            )}
          </div>
        </Tabs>
      </Card>

      <Card className="h-fit space-y-5 p-4 sm:p-6">
        <section aria-label="Balance">
          <h2 className="text-xs font-semibold tracking-wider text-slate-500">AVAILABLE BALANCE</h2>
          {balances.isError ? (
            <p className="mt-1 text-sm text-red-700">
              Your balance could not be loaded.{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void balances.refetch()}
              >
                Try again
              </button>
            </p>
          ) : balances.data ? (
            <>
              <p className="mt-1 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
                {formatUsd(toSignedCents(balances.data.available))}
              </p>
              <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                Total {formatUsd(toSignedCents(balances.data.total))} · Reserved{' '}
                {formatUsd(toSignedCents(balances.data.reserved))}
              </p>
            </>
          ) : (
            // The two lines of the balance, at their height: the form below does not move when it comes.
            <div className="mt-1 animate-pulse">
              <div className="h-9 w-36 rounded-md bg-slate-200" />
              <div className="mt-0.5 h-4 w-48 rounded bg-slate-100" />
              <span className="sr-only">Loading...</span>
            </div>
          )}
        </section>
        <PlaceTradeForm
          symbol={symbol}
          instrument={instrument}
          quote={quote}
          terms={terms.data}
          available={balances.data ? toSignedCents(balances.data.available) : undefined}
          disabled={!active}
        />
      </Card>
    </div>
  );
}

/** The assets of the selected class; until the catalogue loads, the current asset is the only choice. */
function AssetSelect({
  value,
  options,
  failed,
  onChange,
}: {
  value: string;
  options: readonly Instrument[];
  failed: boolean;
  onChange: (symbol: string) => void;
}) {
  const id = useId();
  return (
    // As wide as the room beside the price allows (up to 28rem), so "AUDNZD — Australian Dollar /
    // New Zealand Dollar" reads whole on a wide screen; never under 18rem.
    <div className="sm:max-w-md sm:min-w-72 sm:flex-1">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
        Asset
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={failed ? `${id}-error` : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm font-medium text-slate-900 shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      >
        {options.some((item) => item.symbol === value) ? null : <option value={value}>{value}</option>}
        {options.map((item) => (
          <option key={item.symbol} value={item.symbol}>
            {item.symbol} — {item.name}
          </option>
        ))}
      </select>
      {failed ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          The list of assets could not be loaded.
        </p>
      ) : null}
    </div>
  );
}
