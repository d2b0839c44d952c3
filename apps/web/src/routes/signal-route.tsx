import { DEFAULT_CHART_SYMBOL } from '@candor/domain/market/instruments';
import { useState } from 'react';
import { Card, PageHeader } from '../components/ui/card.tsx';
import { SignalStrengthBar } from '../features/market/signal-strength-bar.tsx';
import { SymbolPicker } from '../features/market/symbol-picker.tsx';
import { PlanCatalogue } from '../features/plans/plan-catalogue.tsx';
import { SignalsList } from '../features/signals/signals-list.tsx';
import { useDocumentBranding } from '../lib/site-settings.ts';

/**
 * /signal (seed §2, issue 13 item 2): the computed signal strength of any instrument, for every
 * customer; the signals list a signal plan unlocks (or what a plan would unlock); the signal plans on sale.
 */
export function SignalRoute() {
  useDocumentBranding('Signal');
  const [symbol, setSymbol] = useState(DEFAULT_CHART_SYMBOL);
  return (
    <div className="space-y-8">
      <div className="space-y-6">
        <PageHeader
          title="Signal"
          description="Technical ratings computed from recent candles. Nobody sets them; a rating describes the market, it is not advice and promises no result."
        />
        <Card className="space-y-4 p-4 sm:p-6">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <h2 className="text-base font-semibold text-slate-900">Signal Strength</h2>
            <SymbolPicker value={symbol} onChange={setSymbol} className="sm:w-72" />
          </div>
          <SignalStrengthBar symbol={symbol} />
        </Card>
        <SignalsList />
      </div>

      <section id="signal-plans" aria-labelledby="signal-plans-title" className="scroll-mt-20">
        <h2 id="signal-plans-title" className="mb-1 text-xl font-semibold tracking-tight text-slate-900">
          Signal plans
        </h2>
        <p className="mb-4 text-sm text-slate-500">
          A signal plan unlocks the signals list: ratings of more instruments, on more intervals, and alerts.
        </p>
        <PlanCatalogue kind="signal" />
      </section>
    </div>
  );
}
