import { isStaffRole } from '@candor/contracts/staff';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/card.tsx';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { BackToAccount } from './account-parts.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * Two-factor authentication on a page of its own: where a staff member without it is sent before
 * any back-office page (staff must have it), and linked from the account page.
 */
export function TwoFactorPage() {
  useDocumentBranding('Two-factor authentication');
  const me = useMe();
  const staffMustEnrol = isStaffRole(me.role) && !me.twoFactorEnabled;
  return (
    <div className="space-y-6">
      <div>
        <BackToAccount />
        <PageHeader title="Two-factor authentication" description="Sign-in and withdrawals ask for a code." />
      </div>
      {staffMustEnrol ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800"
        >
          Staff accounts must turn on two-factor authentication before using the back office.
        </p>
      ) : null}
      <TwoFactorSection />
      {isStaffRole(me.role) && me.twoFactorEnabled ? (
        <Link to="/all-user" className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          Continue to the back office
        </Link>
      ) : null}
    </div>
  );
}
