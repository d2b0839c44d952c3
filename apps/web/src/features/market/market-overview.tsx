import { DEFAULT_CHART_INTERVAL } from '@candor/domain/market/candle';
import { DEFAULT_CHART_SYMBOL } from '@candor/domain/market/instruments';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LazyPriceChart } from '../../components/market/lazy-price-chart.tsx';
import { LivePrice, StreamStatusPill } from '../../components/market/live-price.tsx';
import { SimulatedBadge } from '../../components/market/simulated-badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { candlesQuery, quoteQuery, useInstrument } from '../../lib/market-api.ts';
import { usePriceStream } from '../../lib/use-price-stream.ts';
import { RATE_STRIP_SYMBOLS, RateStrip } from './rate-strip.tsx';
import { SignalStrengthBar } from './signal-strength-bar.tsx';
import { SymbolPicker } from './symbol-picker.tsx';

const CHART_HEIGHT = 420;

/**
 * The dashboard's market widgets: the compact rate strip, then the chart of a chosen instrument
 * with its live price and Signal Strength. One price stream feeds them all.
 */
export function MarketOverview() {
  const [symbol, setSymbol] = useState(DEFAULT_CHART_SYMBOL);
  const streamSymbols = useMemo(() => [...RATE_STRIP_SYMBOLS, symbol], [symbol]);
  const { quotes, status } = usePriceStream(streamSymbols);
  const streamed = quotes[symbol];
  // Until the stream has spoken, the last known quote fills in.
  const fetched = useQuery({ ...quoteQuery(symbol), enabled: streamed === undefined }).data;
  const quote = streamed ?? fetched;
  const candles = useQuery(candlesQuery(symbol, DEFAULT_CHART_INTERVAL)).data;
  const instrument = useInstrument(symbol);
  const sources = [candles?.source, quote?.source, ...RATE_STRIP_SYMBOLS.map((s) => quotes[s]?.source)];

  return (
    <div className="space-y-4">
      <RateStrip symbols={RATE_STRIP_SYMBOLS} quotes={quotes} selected={symbol} onSelect={setSymbol} />
      <Card className="space-y-5 p-4 sm:p-6">
        <h2 className="sr-only">Market</h2>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <SymbolPicker value={symbol} onChange={setSymbol} className="sm:w-72" />
          <LivePrice quote={quote} name={instrument?.name} />
        </div>
        {/* As tall as the badge (24 px) before the prices say whether it shows: the chart below does not move. */}
        <div className="flex min-h-6 flex-wrap items-center gap-3">
          <SimulatedBadge sources={sources} />
          <StreamStatusPill status={status} />
        </div>
        <LazyPriceChart
          symbol={symbol}
          interval={DEFAULT_CHART_INTERVAL}
          height={CHART_HEIGHT}
          liveQuote={quote}
        />
        <SignalStrengthBar symbol={symbol} />
      </Card>
    </div>
  );
}
