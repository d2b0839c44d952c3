import { useState } from 'react';
import { Card, PageHeader } from '../components/ui/card.tsx';
import { DEFAULT_CHART_SYMBOL } from '../features/market/market-overview.tsx';
import { SignalStrengthBar } from '../features/market/signal-strength-bar.tsx';
import { SymbolPicker } from '../features/market/symbol-picker.tsx';
import { PlanCatalogue } from '../features/plans/plan-catalogue.tsx';
import { useDocumentBranding } from '../lib/site-settings.ts';

/**
 * /signal: the computed Signal Strength of an instrument, the signals list a signal plan unlocks,
 * and the signal plans on sale.
 */
export function SignalRoute() {
  useDocumentBranding('Signal');
  return (
    <div className="space-y-8">
      <div>
        <PageHeader
          title="Signal"
          description="Computed technical ratings of the instruments. A rating describes the market; it is not advice and promises no result."
        />
        <SignalStrengthSection />
      </div>

      {/* SIGNALS LIST: the signals helper's list (features/signals/) is composed here at merge. */}

      <section aria-labelledby="signal-plans-title">
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

/** The Signal Strength of a chosen instrument, as the dashboard shows it under its chart. */
function SignalStrengthSection() {
  const [symbol, setSymbol] = useState(DEFAULT_CHART_SYMBOL);
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <SymbolPicker value={symbol} onChange={setSymbol} className="sm:w-72" />
      <SignalStrengthBar symbol={symbol} />
    </Card>
  );
}
