import { SUPPORT_EMAIL_LEAD } from '@candor/contracts/settings';
import { useSiteSettings } from '../lib/site-settings.ts';

/**
 * Where a customer who cannot help themselves writes (an inactive account; a reset link that cannot
 * reach them; coins sent for a payment link that expired): the site's support e-mail, when staff set
 * one in Settings. Nothing when none is set.
 */
export function SupportEmailLine({ className }: { className?: string }) {
  const email = useSiteSettings()?.supportEmail;
  if (!email) return null;
  return (
    <p className={className}>
      {SUPPORT_EMAIL_LEAD}{' '}
      <a href={`mailto:${email}`} className="font-semibold wrap-anywhere underline">
        {email}
      </a>
      .
    </p>
  );
}
