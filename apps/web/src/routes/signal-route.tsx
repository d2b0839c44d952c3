import { DEFAULT_CHART_SYMBOL } from '@candor/domain/market/instruments';
import { useState } from 'react';
import { Card, PageHeader } from '../components/ui/card.tsx';
import { SignalStrengthBar } from '../features/market/signal-strength-bar.tsx';
import { SymbolPicker } from '../features/market/symbol-picker.tsx';
import { SignalsList } from '../features/signals/signals-list.tsx';
import { useDocumentBranding } from '../lib/site-settings.ts';

/**
 * /signal (seed §2, issue 13 item 2): the computed signal strength of any instrument, for every
 * customer; below, the signals list a signal plan unlocks (or what a plan would unlock).
 */
export function SignalRoute() {
  useDocumentBranding('Signal');
  const [symbol, setSymbol] = useState(DEFAULT_CHART_SYMBOL);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Signal"
        description="Technical ratings computed from recent candles. Nobody sets them, and they are not advice."
      />
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-base font-semibold text-slate-900">Signal strength</h2>
          <SymbolPicker value={symbol} onChange={setSymbol} className="sm:w-72" />
        </div>
        <SignalStrengthBar symbol={symbol} />
      </Card>
      <SignalsList />
    </div>
  );
}
