import type { CopiedFrom } from '@candor/contracts/trades';
import { describeCopyClose, describeCopyOpen } from '../lib/copy-mark.ts';

/** The open and (once both closed) close gap of a copy, one sentence each. */
function gapLines(copiedFrom: CopiedFrom): string[] {
  const close = describeCopyClose(copiedFrom);
  return close ? [describeCopyOpen(copiedFrom), close] : [describeCopyOpen(copiedFrom)];
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

/** The marker of a copied trade (CopiedFromLabel), its gaps in a tooltip; rows show them too (CopyGap). */
export function CopiedFromBadge({ copiedFrom }: { copiedFrom: CopiedFrom }) {
  return <CopiedFromLabel providerName={copiedFrom.providerName} title={gapLines(copiedFrom).join('\n')} />;
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
