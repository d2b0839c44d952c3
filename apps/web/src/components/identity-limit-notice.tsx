import {
  IDENTITY_PATH,
  VERIFICATION_LIMIT_DAYS,
  VERIFY_IDENTITY_AT,
} from '@candor/contracts/verification-limits';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api.ts';
import { ownVerificationQuery } from '../lib/own-verification.ts';
import { formatUsdDecimal } from '../lib/signed-usd.ts';
import { verificationAllowanceQuery } from '../lib/verification-allowance.ts';

/** Whether the server refused a deposit or withdrawal because the identity is not verified. */
export function isIdentityRefusal(error: unknown): boolean {
  return isApiError(error, 'IDENTITY_REQUIRED') || isApiError(error, 'VERIFICATION_LIMIT');
}

function VerifyLink() {
  // /identity is its own page (issue 12): a plain link, so it opens whatever that page is.
  return (
    <a href={IDENTITY_PATH} className="font-semibold text-brand-700 underline hover:text-brand-800">
      Verify your identity
    </a>
  );
}

/** Whether the customer's documents are sent and waiting for review: they have nothing to send again. */
function useIdentityPendingReview(): boolean {
  const { data } = useQuery(ownVerificationQuery);
  return data?.status === 'pending';
}

/**
 * The way out of an identity limit: "Verify your identity" (the link) and what it does; while the
 * documents sent are waiting for review, that they are ("Pending review", linked to where it
 * stands), so nobody sends them again.
 */
function WayOut({ does, once }: { does: string; once: string }) {
  if (useIdentityPendingReview()) {
    return (
      <>
        <a href={IDENTITY_PATH} className="font-semibold text-brand-700 underline hover:text-brand-800">
          Your identity is pending review
        </a>
        : {once} once it is verified.
      </>
    );
  }
  return (
    <>
      <VerifyLink /> {does}.
    </>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-medium">{title}</p>
      <p className="mt-1">
        {children} <WayOut does="to lift this limit" once="this limit lifts" />
      </p>
    </div>
  );
}

/**
 * A refusal of the server for an unverified identity: its message, with its "Verify your identity
 * at /identity" shown as the link (no raw path); a message without those words gets the link below.
 */
export function IdentityRefusal({ message }: { message: string }) {
  const at = message.indexOf(VERIFY_IDENTITY_AT);
  const pending = useIdentityPendingReview();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      {pending ? (
        <p className="mb-1 font-medium">Your identity is pending review: there is nothing to send again.</p>
      ) : null}
      {at === -1 ? (
        <>
          <p>{message}</p>
          <p className="mt-1">
            <VerifyLink />
          </p>
        </>
      ) : (
        <p>
          {message.slice(0, at)}
          <VerifyLink />
          {message.slice(at + VERIFY_IDENTITY_AT.length)}
        </p>
      )}
    </div>
  );
}

/** Before the deposit form: how much an unverified account may still deposit in 30 days. Nothing when verified. */
export function DepositLimitNotice({ className }: { className?: string }) {
  const { data } = useQuery(verificationAllowanceQuery);
  if (!data?.limited || data.depositLimit === null || data.depositRemaining === null) return null;
  return (
    <div className={className}>
      <Notice title="Deposit limit until your identity is verified">
        You can deposit up to {formatUsdDecimal(data.depositLimit)} in {VERIFICATION_LIMIT_DAYS} days;{' '}
        {formatUsdDecimal(data.depositRemaining)} is left.
      </Notice>
    </div>
  );
}

/**
 * Before the withdrawal form: when withdrawals need a verified identity, says so instead of the
 * form (`children` are not shown); otherwise shows what is left of the 30-day limit above them.
 * Renders `children` alone for a verified account, or while the allowance cannot be read (the
 * server still refuses what it must).
 */
export function WithdrawalLimitGate({ children }: { children?: ReactNode }) {
  const { data, isPending } = useQuery(verificationAllowanceQuery);
  if (isPending) return null;
  if (!data?.limited) return <>{children}</>;
  if (data.withdrawalsNeedVerifiedIdentity) {
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p className="font-medium">Withdrawals need a verified identity</p>
        <p className="mt-1">
          <WayOut does="to withdraw" once="you can withdraw" />
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <Notice title="Withdrawal limit until your identity is verified">
        You can withdraw up to {formatUsdDecimal(data.withdrawalLimit ?? '0.00')} in {VERIFICATION_LIMIT_DAYS}{' '}
        days; {formatUsdDecimal(data.withdrawalRemaining ?? '0.00')} is left.
      </Notice>
      {children}
    </div>
  );
}
