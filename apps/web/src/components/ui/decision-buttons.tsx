import { Button } from './button.tsx';

type Props = {
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
};

/**
 * Approve and Reject at the head of a pending record's page. Each opens its reason dialog, which
 * says so while the decision runs (both move money, so both need a reason: decision 044).
 */
export function DecisionButtons({ busy, onApprove, onReject }: Props) {
  return (
    <div className="flex gap-2">
      <Button className="flex-1 sm:flex-none" disabled={busy} onClick={onApprove}>
        Approve
      </Button>
      <Button variant="danger" className="flex-1 sm:flex-none" disabled={busy} onClick={onReject}>
        Reject
      </Button>
    </div>
  );
}

/**
 * A table row's small Approve and Reject, named after the record (`subject`: "the deposit of
 * ada@example.com"). Their clicks stay off the row, which opens the record.
 */
export function RowDecisionButtons({
  subject,
  wrap = false,
  busy,
  onApprove,
  onReject,
}: Props & { subject: string; wrap?: boolean }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the row's click away from the buttons
    // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle the keyboard
    <div
      className={`flex flex-col gap-2 sm:flex-row ${wrap ? 'sm:flex-wrap' : ''}`}
      onClick={(event) => event.stopPropagation()}
    >
      <Button
        className="px-3 py-1.5 text-xs"
        disabled={busy}
        aria-label={`Approve ${subject}`}
        onClick={onApprove}
      >
        Approve
      </Button>
      <Button
        variant="danger"
        className="px-3 py-1.5 text-xs"
        disabled={busy}
        aria-label={`Reject ${subject}`}
        onClick={onReject}
      >
        Reject
      </Button>
    </div>
  );
}
