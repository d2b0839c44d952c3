import { PageHeader } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { CRYPTO_EXCHANGES } from './crypto-exchanges.ts';

export function BuyCryptoPage() {
  useDocumentBranding('Buy Crypto');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Buy Crypto"
        description="Buy bitcoin, ether or USDT on an exchange, then send it to your deposit address."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CRYPTO_EXCHANGES.map((exchange) => (
          <li key={exchange.name}>
            <a
              href={exchange.url}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500/50 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-lg bg-ink-950 text-sm font-bold text-white"
                >
                  {exchange.name.slice(0, 2)}
                </span>
                <span className="text-base font-semibold text-slate-900">{exchange.name}</span>
              </span>
              <span className="mt-3 flex-1 text-sm text-slate-500">{exchange.description}</span>
              <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 group-hover:text-brand-600">
                Visit {exchange.name}
                <Icon name="external" className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        These exchanges are independent companies. Compare their fees and check that they serve your country
        before you buy.
      </p>
    </div>
  );
}
