import type { DepositProofFile } from '@candor/contracts/deposits';
import { useState } from 'react';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Icon } from './ui/icon.tsx';

const linkClass = 'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline';

/**
 * A deposit's proof of payment where its record is shown. A picture is previewed fitted to its
 * frame, and opens enlarged in a dialog, fitted to the window (the file's own tab cannot fit it:
 * stored files are served under a CSP that leaves the browser's image viewer unstyled). A PDF is
 * offered as a download, which is how the server sends it. `label` names the picture; `large`
 * previews it taller (a page of its own rather than a dialog).
 */
export function ProofOfPayment({
  proof,
  label,
  large = false,
}: {
  proof: DepositProofFile;
  label: string;
  large?: boolean;
}) {
  const [viewing, setViewing] = useState(false);
  if (!proof.contentType.startsWith('image/')) {
    return (
      <div className="mt-3 flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <Icon name="statement" className="h-8 w-8 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">PDF document</p>
          <a href={proof.url} download={`proof-of-payment-${proof.fileId}.pdf`} className={linkClass}>
            Download the PDF
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() => setViewing(true)}
        aria-label={`Enlarge: ${label}`}
        className="group relative block max-w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <img
          src={proof.url}
          alt={label}
          className={`${large ? 'max-h-[32rem]' : 'max-h-64'} max-w-full object-contain`}
        />
        <span className="absolute right-2 bottom-2 rounded-md bg-slate-900/75 px-2 py-1 text-xs font-semibold text-white transition group-hover:bg-slate-900">
          Enlarge
        </span>
      </button>
      {viewing ? <ProofViewer proof={proof} label={label} onClose={() => setViewing(false)} /> : null}
    </div>
  );
}

/** The picture fitted to the window, with a link to the file as stored. */
function ProofViewer({
  proof,
  label,
  onClose,
}: {
  proof: DepositProofFile;
  label: string;
  onClose: () => void;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <Dialog title="Proof of payment" busy={false} onCancel={onClose} wide>
      <div className="mt-4 flex min-h-40 items-center justify-center rounded-lg bg-slate-100 p-2">
        {broken ? (
          <p role="alert" className="text-sm text-slate-600">
            The proof of payment could not be shown. Please try again later.
          </p>
        ) : (
          <img
            src={proof.url}
            alt={label}
            onError={() => setBroken(true)}
            className="max-h-[65vh] max-w-full object-contain"
          />
        )}
      </div>
      {/* Close comes first, so the dialog opens on it rather than on the link to a new tab. */}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row-reverse sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <a href={proof.url} target="_blank" rel="noreferrer" className={`${linkClass} justify-center`}>
          Open the original <Icon name="external" className="h-4 w-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </Dialog>
  );
}
