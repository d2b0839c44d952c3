import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { NO_PAYMENT_NEEDED } from '@candor/contracts/no-payment-needed';
import { SupportEmailLine } from '../support-email.tsx';

/**
 * What a suspended or closed account reads in place of a money page, with the reason given and the
 * site's support e-mail (when one is set), so "message any of our support agent" has an address.
 * `className` sets the notice's size and place on its page; `reasonClassName` the reason's. The
 * reason is staff-written: a long unbroken word wraps anywhere rather than run off a phone's screen.
 */
export function InactiveAccountNotice({
  reason,
  className,
  reasonClassName = 'mt-2',
}: {
  reason: string | null;
  className: string;
  reasonClassName?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-xl border border-amber-200 bg-amber-50 text-amber-900 ${className}`}
    >
      <p className="font-medium">{INACTIVE_ACCOUNT_MESSAGE}</p>
      <SupportEmailLine className="mt-1" />
      {reason ? (
        <>
          <p className={`wrap-anywhere ${reasonClassName}`}>Reason: {reason}</p>
          <p className="mt-1 font-medium">{NO_PAYMENT_NEEDED}</p>
        </>
      ) : null}
    </div>
  );
}
