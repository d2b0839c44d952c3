import { VERIFICATION_MESSAGES } from '@candor/contracts/verifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SendVerificationAgainButton, UnverifiedEmailBadge } from '../../components/email-verification.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { ownVerificationQuery } from '../../lib/own-verification.ts';
import { useShownItems } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { AccountActivity } from './account-activity.tsx';
import { Avatar } from './account-parts.tsx';
import { ACCOUNT_TILES } from './account-tiles.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { SecurityEvents } from './security-events.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /account; the route brings other features' sections (`plans`: the account's active plans). */
export function AccountPage({ plans }: { plans?: ReactNode } = {}) {
  useDocumentBranding('Account');
  const me = useMe();
  const identityNote = useIdentityTileNote();
  const tiles = useShownItems(ACCOUNT_TILES);

  return (
    <div className="space-y-6">
      <PageHeader title="Account" description="Your profile and account settings." />

      <section
        aria-label="Profile"
        className="flex flex-wrap items-center gap-x-5 gap-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <Avatar fullname={me.fullname} pictureUrl={me.profileImageUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="truncate text-lg font-semibold text-slate-900">{me.fullname}</h2>
            <IdentityBadge />
          </div>
          <p className="mt-0.5 truncate text-sm text-slate-500">@{me.username}</p>
          <p className="text-sm break-all text-slate-500">{me.email}</p>
          {me.emailVerified ? null : (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <UnverifiedEmailBadge />
              <SendVerificationAgainButton />
            </div>
          )}
        </div>
        <p className="w-full border-t border-slate-100 pt-3 text-xs text-slate-500 sm:w-auto sm:self-end sm:border-0 sm:pt-0">
          Member since {formatDateTime(me.createdAt)}
        </p>
      </section>

      <nav aria-label="Account settings">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="group flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500/50 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={tile.icon} className="h-6 w-6" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{tile.label}</span>
                  <span className="mt-0.5 block text-xs text-slate-500">
                    {(tile.to === '/identity' ? identityNote : undefined) ?? tile.description}
                  </span>
                </span>
                <Icon
                  name="chevron"
                  className="h-4 w-4 shrink-0 text-slate-500 transition group-hover:text-brand-600"
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {plans}

      <PasskeysSection />
      <SecurityEvents />
      <TwoFactorSection />

      <AccountActivity />
    </div>
  );
}

/**
 * The Identity Verification tile's line once the customer has sent their documents: "Account
 * Verified", "Pending review" (seed §2's words, as the badge) or "Declined: {reason}" (PRODUCT §2);
 * undefined for the tile's own
 * invitation to upload (not verified yet, staff, or not known yet).
 */
function useIdentityTileNote(): string | undefined {
  const { data } = useQuery({ ...ownVerificationQuery, enabled: useMe().role === 'client' });
  if (data?.status === 'verified') return VERIFICATION_MESSAGES.accountVerified;
  if (data?.status === 'pending') return VERIFICATION_MESSAGES.pendingReview;
  // PRODUCT §2: "Declined: {reason}", where the tile invites to send the document again.
  if (data?.status === 'declined')
    return VERIFICATION_MESSAGES.declined(data.submissions[0]?.decisionReason ?? '');
  return undefined;
}

/** The badge's word beside "Not verified" after a decline (PRODUCT §2's "Declined: {reason}"). */
const DECLINED = 'Declined';

/**
 * Seed §2: "Account Verified" or "Not verified" (while a review is pending, or after a decline, it
 * says so beside it);
 * the badge leads to /identity. Staff have no verification of their own: nothing is shown.
 */
function IdentityBadge() {
  const { data } = useQuery({ ...ownVerificationQuery, enabled: useMe().role === 'client' });
  if (!data) return null;
  const verified = data.status === 'verified';
  return (
    <Link
      to="/identity"
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset hover:underline ${
        verified
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
          : 'bg-amber-50 text-amber-700 ring-amber-200'
      }`}
    >
      {verified ? VERIFICATION_MESSAGES.accountVerified : VERIFICATION_MESSAGES.notVerified}
      {data.status === 'pending' ? ` (${VERIFICATION_MESSAGES.pendingReview})` : null}
      {data.status === 'declined' ? ` (${DECLINED})` : null}
    </Link>
  );
}
