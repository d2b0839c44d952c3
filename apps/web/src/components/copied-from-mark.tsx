import type { CopiedFrom } from '@candor/contracts/trades';
import { describeCopyClose, describeCopyOpen } from '../lib/copy-mark.ts';

/** The open and (once both closed) close gap of a copy, one sentence each. */
function gapLines(copiedFrom: CopiedFrom): string[] {
  const close = describeCopyClose(copiedFrom);
  return close ? [describeCopyOpen(copiedFrom), close] : [describeCopyOpen(copiedFrom)];
}

/**
 * The compact marker of a copied trade: "Copied from {provider}", its gaps in a tooltip. It wraps
 * in a narrow cell (a cell that does not wrap keeps it on one line); rows show the gaps too (CopyGap).
 */
export function CopiedFromBadge({ copiedFrom }: { copiedFrom: CopiedFrom }) {
  return (
    <span
      title={gapLines(copiedFrom).join('\n')}
      className="inline-block max-w-full rounded bg-sky-50 px-1.5 py-0.5 align-middle text-[11px] font-semibold break-words text-sky-800 ring-1 ring-sky-200 ring-inset"
    >
      Copied from {copiedFrom.providerName}
    </span>
  );
}

/** "Opened 1.5 s after the provider, +12.50 from their price" (and the close), in small print. */
export function CopyGap({ copiedFrom, className = '' }: { copiedFrom: CopiedFrom; className?: string }) {
  return (
    <span className={`block text-xs whitespace-normal text-slate-500 ${className}`}>
      {gapLines(copiedFrom).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}
