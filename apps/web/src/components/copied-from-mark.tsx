import type { Trade } from '@candor/contracts/trades';
import { describeCopyClose, describeCopyOpen } from '../lib/copy-mark.ts';

/** A trade row as the marks read it: a copy when `copiedFrom` is set. */
type MarkedTrade = Pick<Trade, 'direction' | 'closedBy' | 'copiedFrom'>;

/** The open and (once both closed) close gap of a copy, one sentence each; none for another trade. */
function gapLines({ direction, closedBy, copiedFrom }: MarkedTrade): string[] {
  if (copiedFrom === null) return [];
  const copy = { direction, closedBy, copiedFrom };
  const close = describeCopyClose(copy);
  return close ? [describeCopyOpen(copy), close] : [describeCopyOpen(copy)];
}

/** "Copied from {provider}", compact: it wraps in a narrow cell; `title` is its tooltip. */
export function CopiedFromLabel({ providerName, title }: { providerName: string; title?: string }) {
  return (
    <span
      title={title}
      className="inline-block max-w-full rounded bg-sky-50 px-1.5 py-0.5 align-middle text-[11px] font-semibold break-words text-sky-800 ring-1 ring-sky-200 ring-inset"
    >
      Copied from {providerName}
    </span>
  );
}

/**
 * The marker of a copied trade (CopiedFromLabel), its gaps in a tooltip; rows show them too
 * (CopyGap). Nothing for a trade that is not a copy.
 */
export function CopiedFromBadge({ trade }: { trade: MarkedTrade }) {
  if (trade.copiedFrom === null) return null;
  return <CopiedFromLabel providerName={trade.copiedFrom.providerName} title={gapLines(trade).join('\n')} />;
}

/**
 * "Opened 1.5 s after the provider, 12.50 worse than their price" (and the close, saying the copy
 * stop-loss when it closed the copy), in small print.
 */
export function CopyGap({ trade, className = '' }: { trade: MarkedTrade; className?: string }) {
  if (trade.copiedFrom === null) return null;
  return (
    <span className={`block text-xs whitespace-normal text-slate-500 ${className}`}>
      {gapLines(trade).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}
